import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Container } from "@/components/ui/page";
import { OrderDetail } from "@/components/orders/order-detail";
import type { Order } from "@/lib/schemas/order";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { findById } from "@/lib/server/base/find-by-id";
import { canShip, getOrderForCustomer } from "@/lib/server/orders";
import { deliveryEstimate } from "@/lib/server/shipping";
import { NOT_FOUND_METADATA } from "@/lib/site/seo";

/** The signed-in customer's order, read once per request for the title and the page. */
const readOrder = cache(async (orderId: string) => {
  const user = await requireCustomerPage();
  return findById(orderId, (id) => getOrderForCustomer(user.id, id));
});

// An address that names no order of this customer's is the 404 page, and its tab says so too.
export async function generateMetadata({ params }: { params: Promise<{ orderId: string }> }): Promise<Metadata> {
  const order = await readOrder((await params).orderId);
  return order ? { title: "Order details", robots: { index: false } } : NOT_FOUND_METADATA;
}

/** A paid order not yet shipped: the delivery day its shipping option promises, counted from payment. */
function paidDeliveryEstimate(order: Order): string | null {
  if (!canShip(order.status) || !order.paidAt) return null;
  return deliveryEstimate(order.shippingMethod, new Date(order.paidAt));
}

// Protected and per customer: the page checks the session itself and renders on every request.
export default async function OrderPage({ params }: { params: Promise<{ orderId: string }> }) {
  const order = await readOrder((await params).orderId);
  if (!order) notFound();
  return (
    <Container className="py-10 desk:py-16">
      <OrderDetail initialOrder={order} paidDeliveryEstimate={paidDeliveryEstimate(order)} />
    </Container>
  );
}
