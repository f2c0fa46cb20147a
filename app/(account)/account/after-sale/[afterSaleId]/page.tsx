import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Container } from "@/components/ui/page";
import { AfterSaleDetail } from "@/components/after-sale/after-sale-detail";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { findById } from "@/lib/server/base/find-by-id";
import { getAfterSaleForCustomer } from "@/lib/server/after-sale";

export const metadata: Metadata = {
  title: "After-sale request",
  robots: { index: false },
};

// Protected and per customer: the page checks the session itself and renders on every request.
export default async function AfterSalePage({ params }: { params: Promise<{ afterSaleId: string }> }) {
  const user = await requireCustomerPage();
  const { afterSaleId } = await params;
  const request = await findById(afterSaleId, (id) => getAfterSaleForCustomer(user.id, id));
  if (!request) notFound();
  return (
    <Container className="py-10 desk:py-16">
      <AfterSaleDetail initialRequest={request} />
    </Container>
  );
}
