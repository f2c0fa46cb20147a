import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Container } from "@/components/ui/page";
import { OrderDetail } from "@/components/orders/order-detail";
import type { Order } from "@/lib/schemas/order";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { findById } from "@/lib/server/base/find-by-id";
import { canShip, getOrderForCustomer } from "@/lib/server/orders";
import { deliveryEstimate } from "@/lib/server/shipping";

export const metadata: Metadata = {
  title: "Order details",
  robots: { index: false },
};

/** A paid order not yet shipped: the delivery day its shipping option promises, counted from payment. */
function paidDeliveryEstimate(order: Order): string | null {
  if (!canShip(order.status) || !order.paidAt) return null;
  return deliveryEstimate(order.shippingMethod, new Date(order.paidAt));
}

// Protected and per customer: the page checks the session itself and renders on every request.
export default async function OrderPage({ params }: { params: Promise<{ orderId: string }> }) {
  const user = await requireCustomerPage();
  const { orderId } = await params;
  const order = await findById(orderId, (id) => getOrderForCustomer(user.id, id));
  if (!order) notFound();
  return (
    <Container className="py-10 desk:py-16">
      <OrderDetail initialOrder={order} paidDeliveryEstimate={paidDeliveryEstimate(order)} />
    </Container>
  );
}
