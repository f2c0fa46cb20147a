import { redirect } from "next/navigation";
import { ROUTES } from "@/lib/config/routes";
import { requireOperatorPage } from "@/lib/server/auth/operator";

// The console opens on the orders, the operators' daily work.
export default async function ConsoleHome() {
  await requireOperatorPage();
  redirect(ROUTES.consoleOrders);
}
