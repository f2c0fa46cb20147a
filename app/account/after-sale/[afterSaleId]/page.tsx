import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Container } from "@/components/ui/page";
import { AfterSaleDetail } from "@/components/after-sale/after-sale-detail";
import { ROUTES } from "@/lib/config/routes";
import { afterSaleIdQuerySchema, type AfterSale } from "@/lib/schemas/after-sale";
import { currentUser } from "@/lib/server/auth/current-user";
import { AppError } from "@/lib/server/http/errors";
import { getAfterSaleForCustomer } from "@/lib/server/after-sale";

export const metadata: Metadata = {
  title: "After-sale request",
  robots: { index: false },
};

/** The customer's own request, or null for one that does not exist or is someone else's (both 404). */
async function findRequest(userId: string, afterSaleId: string): Promise<AfterSale | null> {
  if (!afterSaleIdQuerySchema.safeParse({ afterSaleId }).success) return null;
  try {
    return await getAfterSaleForCustomer(userId, afterSaleId);
  } catch (error) {
    if (error instanceof AppError && error.code === 404) return null;
    throw error;
  }
}

// Protected and per customer: the page checks the session itself and renders on every request.
export default async function AfterSalePage({ params }: { params: Promise<{ afterSaleId: string }> }) {
  const user = await currentUser();
  if (!user) redirect(ROUTES.login);
  const { afterSaleId } = await params;
  const request = await findRequest(user.id, afterSaleId);
  if (!request) notFound();
  return (
    <Container className="py-10 desk:py-16">
      <AfterSaleDetail initialRequest={request} />
    </Container>
  );
}
