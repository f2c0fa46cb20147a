// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { payments, users, type UserRow } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { HOUSTON, makeCustomer } from "@/test/support/shop";
import { operatorOrderEvents } from "./operator";
import { buyNow } from "@/lib/server/checkout";
import { SYSTEM_ACTOR, customerActor, recordEvent } from "./events";

// The console's order timeline names a payment the way the operator finds it in the provider's
// dashboard and the customer on their statement: the card and the provider's reference, never the
// shop's internal payment id (which the "paid" step's note held before the note said more).

describeEachEngine("the operator's order timeline on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function operator(): Promise<UserRow> {
    const { id } = await makeCustomer(db(), { role: "admin" });
    const [row] = await db().db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error("no operator");
    return row;
  }

  async function paidOrder(payment: { brand: string | null; last4: string | null; providerRef: string | null }) {
    const who = await makeCustomer(db(), { address: HOUSTON });
    const { orderId } = await buyNow(who.id, "LW-F3-PC", 1, null);
    const [row] = await db()
      .db.insert(payments)
      .values({
        orderId,
        userId: who.id,
        idempotencyKey: randomUUID(),
        provider: "test",
        status: "succeeded",
        amountCents: 2400,
        expMonth: 12,
        expYear: 2031,
        ...payment,
      })
      .returning({ id: payments.id });
    if (!row) throw new Error("no payment");
    return { orderId, paymentId: row.id, customerId: who.id };
  }

  const paidNote = async (user: UserRow, orderId: string) =>
    (await operatorOrderEvents(user, orderId)).find((event) => event.type === "paid")?.note;

  it("shows an old 'Payment <id>' note as the payment's card and the provider's reference", async () => {
    const user = await operator();
    const stripe = await paidOrder({ brand: "Visa", last4: "4242", providerRef: "pi_3NxYzAbCdEfGh" });
    await recordEvent(db().db, stripe.orderId, "paid", customerActor(stripe.customerId), `Payment ${stripe.paymentId}`);
    expect(await paidNote(user, stripe.orderId)).toBe("Visa •••• 4242 · pi_3NxYzAbCdEfGh");

    // The sandbox gateway's charges, and a payment whose card the provider did not describe.
    const test = await paidOrder({ brand: "Mastercard", last4: "4444", providerRef: "tp_ch_0f3a9c" });
    await recordEvent(db().db, test.orderId, "paid", SYSTEM_ACTOR, `Payment ${test.paymentId}`);
    expect(await paidNote(user, test.orderId)).toBe("Mastercard •••• 4444 · tp_ch_0f3a9c");
    const noCard = await paidOrder({ brand: null, last4: null, providerRef: "tp_ch_77aa01" });
    await recordEvent(db().db, noCard.orderId, "paid", SYSTEM_ACTOR, `Payment ${noCard.paymentId}`);
    expect(await paidNote(user, noCard.orderId)).toBe("tp_ch_77aa01");

    const events = await operatorOrderEvents(user, stripe.orderId);
    expect(events.map((event) => event.note ?? "").join("\n")).not.toContain(stripe.paymentId);
  });

  it("leaves a note already in the new form, and one naming no payment it can find, as it is", async () => {
    const user = await operator();
    const current = await paidOrder({ brand: "Visa", last4: "4242", providerRef: "pi_3NxYzAbCdEfGh" });
    await recordEvent(db().db, current.orderId, "paid", customerActor(current.customerId), "Visa •••• 4242 · pi_3NxYzAbCdEfGh");
    expect(await paidNote(user, current.orderId)).toBe("Visa •••• 4242 · pi_3NxYzAbCdEfGh");

    const unknown = await paidOrder({ brand: "Visa", last4: "4242", providerRef: "pi_other" });
    const missing = `Payment ${randomUUID()}`;
    await recordEvent(db().db, unknown.orderId, "paid", SYSTEM_ACTOR, missing);
    expect(await paidNote(user, unknown.orderId)).toBe(missing);
  });
});
