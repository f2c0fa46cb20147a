import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import { Container } from "@/components/ui/page";
import { OrderDetail } from "@/components/orders/order-detail";
import { ROUTES } from "@/lib/config/routes";
import type { Order } from "@/lib/schemas/order";
import { currentUser } from "@/lib/server/auth/current-user";
import { AppError } from "@/lib/server/http/errors";
import { getOrderForCustomer } from "@/lib/server/orders";
import { activeShippingPreset, addBusinessDays, storeDate } from "@/lib/server/shipping";

export const metadata: Metadata = {
  title: "Order details",
  robots: { index: false },
};

const orderIdSchema = z.uuid();

/** The customer's own order, or null for one that does not exist or is someone else's (both 404). */
async function findOrder(userId: string, orderId: string): Promise<Order | null> {
  if (!orderIdSchema.safeParse(orderId).success) return null;
  try {
    return await getOrderForCustomer(userId, orderId);
  } catch (error) {
    if (error instanceof AppError && error.code === 404) return null;
    throw error;
  }
}

/** A paid order not yet shipped: the delivery day its shipping option promises, counted from payment. */
function paidDeliveryEstimate(order: Order): string | null {
  if (order.status !== "paid" || !order.paidAt) return null;
  const rule = activeShippingPreset().methods.find((method) => method.value === order.shippingMethod);
  return rule ? addBusinessDays(storeDate(new Date(order.paidAt)), rule.businessDays) : null;
}

// Protected and per customer: the page checks the session itself and renders on every request.
export default async function OrderPage({ params }: { params: Promise<{ orderId: string }> }) {
  const user = await currentUser();
  if (!user) redirect(ROUTES.login);
  const { orderId } = await params;
  const order = await findOrder(user.id, orderId);
  if (!order) notFound();
  return (
    <Container className="py-10 desk:py-16">
      <OrderDetail initialOrder={order} paidDeliveryEstimate={paidDeliveryEstimate(order)} />
    </Container>
  );
}
