import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Container } from "@/components/ui/page";
import { AfterSaleDetail } from "@/components/after-sale/after-sale-detail";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { findById } from "@/lib/server/base/find-by-id";
import { getAfterSaleForCustomer } from "@/lib/server/after-sale";
import { NOT_FOUND_METADATA } from "@/lib/site/seo";

/** The signed-in customer's request, read once per request for the title and the page. */
const readRequest = cache(async (afterSaleId: string) => {
  const user = await requireCustomerPage();
  return findById(afterSaleId, (id) => getAfterSaleForCustomer(user.id, id));
});

// An address that names no request of this customer's is the 404 page, and its tab says so too.
export async function generateMetadata({ params }: { params: Promise<{ afterSaleId: string }> }): Promise<Metadata> {
  const request = await readRequest((await params).afterSaleId);
  return request ? { title: "After-sale request", robots: { index: false } } : NOT_FOUND_METADATA;
}

// Protected and per customer: the page checks the session itself and renders on every request.
export default async function AfterSalePage({ params }: { params: Promise<{ afterSaleId: string }> }) {
  const request = await readRequest((await params).afterSaleId);
  if (!request) notFound();
  return (
    <Container className="py-10 desk:py-16">
      <AfterSaleDetail initialRequest={request} />
    </Container>
  );
}
