import fc from "fast-check";
import { sql } from "drizzle-orm";
import type { PaymentBody, ShippingMethodValue } from "@/lib/schemas/order";
import type { ApplyAfterSaleBody } from "@/lib/schemas/after-sale";
import type { UsAddress } from "@/lib/schemas/auth";
import { centsToAmount } from "@/lib/rules/money";
import { addToCart } from "@/lib/server/cart";
import {
  operatorCancelOrder,
  answerBankCheck,
  cancelOrder,
  checkOrderPayment,
  deliverOrder,
  editOrder,
  payOrder,
  shipOrder,
  sweepExpiredOrders,
} from "@/lib/server/orders";
import { buyNow, checkoutCart } from "@/lib/server/checkout";
import {
  approveAfterSale,
  applyAfterSale,
  cancelAfterSale,
  completeAfterSale,
  receiveAfterSale,
  rejectAfterSale,
  submitAfterSaleTracking,
} from "@/lib/server/after-sale";
import { operatorCancelMembership, cancelMembership, runCareReminders, runRenewals, setRenewalCard } from "@/lib/server/memberships";
import { addPurifier, attachProof, operatorVerifyPurifier } from "@/lib/server/purifiers";
import { PDF_PROOF } from "@/test/support/proof-files";
import { SANDBOX_CARDS } from "@/lib/server/payments/sandbox-cards";
import { createSandboxGateway } from "@/lib/server/payments/sandbox-gateway";
import type { ProviderEvent } from "@/lib/server/payments/provider";
import { storeDate } from "@/lib/server/shipping/dates";
import { checkInvariants } from "./invariants";
import { STEP_NAMES, type StepName } from "./settings";
import { carePlanCancel, paymentEvents } from "./pending-entry-points";
import {
  HOUSTON,
  HOUSTON_OFFICE,
  HistoryFailure,
  PRODUCT_KEYS,
  SAN_FRANCISCO,
  cents,
  customerOf,
  describeError,
  fresh,
  isRefusal,
  label,
  pick,
  rememberAfterSale,
  rememberOrder,
  rowsOf,
  setClock,
  stepClock,
  userRow,
  type ModelCustomer,
  type ModelOrder,
  type ModelRecord,
  type ProductKey,
  type World,
} from "./world";

// What customers, operators, the clock and the payment provider do, as fast-check commands over a
// World. Every command calls the shop's service entry points (what the route handlers call), with
// the model's clock. A command aims at a record in the status it applies to ("fit") or at any
// record ("any"), so most steps move the shop on and some are refused: a refusal must be the
// shop's own AppError, and anything else thrown fails the history. After every step every
// invariant is checked (invariants.ts).

type Aim = "fit" | "any";

interface StepNote {
  /** What the step aimed at, once resolved (which order, which request), for the printed history. */
  target: string;
}

type Action = (world: World, note: StepNote) => Promise<string | undefined>;

/** One step of a history. */
class Step implements fc.AsyncCommand<World, World> {
  constructor(
    private readonly name: string,
    private readonly offered: (world: Readonly<World>) => boolean,
    private readonly action: Action,
  ) {}

  check(world: Readonly<World>): boolean {
    return this.offered(world);
  }

  async run(world: World): Promise<void> {
    world.step += 1;
    stepClock(world);
    const note: StepNote = { target: "" };
    const line = () => `${world.step}. ${this.name}${note.target ? ` [${note.target}]` : ""}`;
    let outcome: string;
    try {
      outcome = (await this.action(world, note)) ?? "done";
    } catch (error) {
      if (!isRefusal(error)) {
        world.history.push(`${line()} → threw`);
        throw new HistoryFailure(world, [`the step threw instead of answering or refusing: ${describeError(error)}`]);
      }
      world.stats.refusals += 1;
      outcome = `refused ${error.code}: ${error.message}`;
    }
    world.stats.steps += 1;
    world.history.push(`${line()} → ${outcome}`);
    if (world.verbose) console.log(`  ${line()} → ${outcome}`);
    const problems = await checkInvariants(world);
    if (problems.length > 0) throw new HistoryFailure(world, problems);
  }

  toString(): string {
    return this.name;
  }
}

// ---------------------------------------------------------------------------------------------
// Picking records.

function statusOf(world: Readonly<World>, kind: "order" | "after_sale" | "plan" | "payment", id: string): string {
  return world.statuses[kind].get(id) ?? "unknown";
}

function ordersOf(world: Readonly<World>, owner: ModelCustomer | null, statuses: readonly string[] | null): ModelOrder[] {
  return world.orders.filter(
    (order) =>
      (owner === null || order.owner.id === owner.id) && (statuses === null || statuses.includes(statusOf(world, "order", order.id))),
  );
}

function requestsIn(world: Readonly<World>, statuses: readonly string[] | null): ModelRecord[] {
  return world.afterSales.filter((request) => statuses === null || statuses.includes(statusOf(world, "after_sale", request.id)));
}

/** The `index`-th record fitting the step, or when none fits (or the step aims anywhere) the `index`-th of all. */
function aimAt<T>(fitting: readonly T[], all: readonly T[], aim: Aim, index: number): T | undefined {
  return (aim === "fit" ? pick(fitting, index) : undefined) ?? pick(all, index);
}

function orderTarget(world: World, order: ModelOrder): string {
  return `${order.label} of ${order.owner.label}, ${statusOf(world, "order", order.id)}`;
}

function requestTarget(world: World, request: ModelRecord): string {
  return `${request.label} of ${request.owner.label}, ${statusOf(world, "after_sale", request.id)}`;
}

const aim: fc.Arbitrary<Aim> = fc.oneof(
  { arbitrary: fc.constant<Aim>("fit"), weight: 5 },
  { arbitrary: fc.constant<Aim>("any"), weight: 1 },
);
const who = fc.nat({ max: 1 });
const index = fc.nat({ max: 5 });
const productKey = fc.constantFrom<ProductKey>(...PRODUCT_KEYS);

// ---------------------------------------------------------------------------------------------
// Cards and payment requests.

/** A card typed at the checkout, by the test card's index (SANDBOX_CARDS: success, decline, funds, error, renewal decline, and whatever is added), or a saved one. */
type CardChoice = { kind: "typed"; card: number } | { kind: "saved" };

const SUCCESS_CARD = Math.max(
  0,
  SANDBOX_CARDS.findIndex((card) => card.outcome === "succeed"),
);

/** The card the bank checks (3-D Secure) before it pays, when the gateway has one; -1 otherwise. */
const BANK_CHECK_CARD = SANDBOX_CARDS.findIndex((card) => card.outcome === "authenticate");

const cardChoice: fc.Arbitrary<CardChoice> = fc.oneof(
  { arbitrary: fc.constant<CardChoice>({ kind: "typed", card: SUCCESS_CARD }), weight: 5 },
  { arbitrary: fc.nat({ max: SANDBOX_CARDS.length - 1 }).map((card): CardChoice => ({ kind: "typed", card })), weight: 4 },
  // Chosen on its own too, so that short histories reach the bank's check and what follows it.
  ...(BANK_CHECK_CARD < 0 ? [] : [{ arbitrary: fc.constant<CardChoice>({ kind: "typed", card: BANK_CHECK_CARD }), weight: 2 }]),
  { arbitrary: fc.constant<CardChoice>({ kind: "saved" }), weight: 1 },
);

function cardWords(choice: CardChoice): string {
  if (choice.kind === "saved") return "a saved card";
  const card = SANDBOX_CARDS[choice.card];
  return card ? `card ${card.number.slice(-4)} (${card.description})` : "an unknown card";
}

function typedCard(index: number, holder: string): NonNullable<PaymentBody["card"]> {
  const card = SANDBOX_CARDS[index] ?? SANDBOX_CARDS[SUCCESS_CARD];
  if (!card) throw new Error("No test cards");
  return { number: card.number, expMonth: 12, expYear: 2099, cvc: "123", name: holder };
}

async function savedCardOf(world: World, customer: ModelCustomer): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await world.handle.db.execute(
      sql`select id from saved_payment_methods where user_id = ${customer.id} order by is_default desc, created_at, id limit 1`,
    ),
  );
  return row?.id ?? null;
}

type AddressChoice = "none" | "houston" | "san_francisco";
const ADDRESSES: Readonly<Record<Exclude<AddressChoice, "none">, UsAddress>> = { houston: HOUSTON, san_francisco: SAN_FRANCISCO };

interface PayParams {
  card: CardChoice;
  address: AddressChoice;
  saveCard: boolean;
  saveAddress: boolean;
}

async function paymentBody(world: World, payer: ModelCustomer, order: ModelOrder, params: PayParams): Promise<PaymentBody> {
  const body: PaymentBody = { orderId: order.id, idempotencyKey: fresh(world, "mmpay_") };
  const saved = params.card.kind === "saved" ? await savedCardOf(world, payer) : null;
  if (saved) body.paymentMethodId = saved;
  else body.card = typedCard(params.card.kind === "typed" ? params.card.card : SUCCESS_CARD, payer.label);
  if (params.saveCard) body.savePaymentMethod = true;
  // A customer without an address on file types one for a parcel (the shop refuses a parcel it
  // cannot address, and an address for an order that ships nothing).
  const user = await userRow(world, payer);
  const typed = user.defaultAddress || !world.shipping.has(order.id) ? null : HOUSTON;
  const address = params.address === "none" ? typed : ADDRESSES[params.address];
  if (address) {
    body.shippingAddress = address;
    if (params.saveAddress) body.saveAddressAsDefault = true;
  }
  return body;
}

async function pay(world: World, payer: ModelCustomer, order: ModelOrder, body: PaymentBody): Promise<string> {
  order.lastPayment = { by: payer, body };
  const answer = await payOrder(await userRow(world, payer), body, world.now);
  return `${answer.status}${answer.message ? `: ${answer.message}` : ""}`;
}

// ---------------------------------------------------------------------------------------------
// Customers.

const addToCartCommand = fc.record({ who, product: productKey, quantity: fc.integer({ min: 1, max: 2 }) }).map(
  (p) =>
    new Step(
      `${p.who === 0 ? "ada" : "bo"} adds ${p.quantity} × ${p.product} to the cart`,
      () => true,
      async (world) => {
        const customer = customerOf(world, p.who);
        const cart = await addToCart(customer.id, world.products[p.product].sku, p.quantity);
        world.cartLines.set(customer.id, cart.cartList.length);
        return `${cart.cartList.length} lines in the cart`;
      },
    ),
);

const checkoutCommand = who.map(
  (p) =>
    new Step(
      `${p === 0 ? "ada" : "bo"} checks out the cart`,
      // An empty cart is refused every time; the model checks out what it put in.
      (world) => (world.cartLines.get(customerOf(world, p).id) ?? 0) > 0,
      async (world) => {
        const customer = customerOf(world, p);
        const { orderId } = await checkoutCart(customer.id, null);
        world.cartLines.set(customer.id, 0);
        return `made ${rememberOrder(world, orderId, customer, "checkout").label}`;
      },
    ),
);

const buyNowCommand = fc.record({ who, product: productKey, quantity: fc.integer({ min: 1, max: 2 }) }).map(
  (p) =>
    new Step(
      `${p.who === 0 ? "ada" : "bo"} buys ${p.quantity} × ${p.product} now`,
      () => true,
      async (world) => {
        const customer = customerOf(world, p.who);
        const { orderId } = await buyNow(customer.id, world.products[p.product].sku, p.quantity, null);
        return `made ${rememberOrder(world, orderId, customer, "buy_now").label}`;
      },
    ),
);

const payParams = fc.record({
  card: cardChoice,
  address: fc.constantFrom<AddressChoice>("none", "none", "houston", "san_francisco"),
  saveCard: fc.boolean(),
  saveAddress: fc.boolean(),
});

const payCommand = fc
  .record({
    who,
    aim,
    index,
    params: payParams,
    again: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
  })
  .map((p) => {
    const name = `${p.who === 0 ? "ada" : "bo"} pays${p.again ? " again (the same request: Pay pressed twice)" : ""} with ${cardWords(p.params.card)}${p.params.address === "none" ? "" : `, address ${p.params.address}`}`;
    return new Step(
      name,
      (world) => world.orders.length > 0,
      async (world, note) => {
        const payer = customerOf(world, p.who);
        const order = aimAt(ordersOf(world, payer, ["pending_payment"]), world.orders, p.aim, p.index);
        if (!order) return "no order";
        note.target = orderTarget(world, order);
        const replay = p.again && order.lastPayment?.by.id === payer.id ? order.lastPayment.body : null;
        return pay(world, payer, order, replay ?? (await paymentBody(world, payer, order, p.params)));
      },
    );
  });

const checkPaymentCommand = fc.record({ who, index }).map(
  (p) =>
    new Step(
      `${p.who === 0 ? "ada" : "bo"}'s payment page asks how the payment ended (after the bank's check)`,
      (world) => world.orders.length > 0,
      async (world, note) => {
        const customer = customerOf(world, p.who);
        const order = aimAt(ordersOf(world, customer, null), world.orders, "fit", p.index);
        if (!order) return "no order";
        note.target = orderTarget(world, order);
        const answer = await checkOrderPayment(await userRow(world, customer), order.id, world.now);
        return answer.status;
      },
    ),
);

/** The customer passes or fails the bank's check of the order's waiting payment (the page's Test mode dialog). */
async function bankCheck(world: World, customer: ModelCustomer, order: ModelOrder, passed: boolean): Promise<string> {
  const answer = await answerBankCheck(await userRow(world, customer), order.id, passed, world.now);
  world.stats.bankChecks[passed ? "passed" : "failed"] += 1;
  return `${answer.status}${answer.message ? `: ${answer.message}` : ""}`;
}

/** The customer's orders whose payment waits on the bank's check. */
async function ordersAwaitingBankCheck(world: World, customer: ModelCustomer): Promise<ModelOrder[]> {
  const waiting = new Set(
    rowsOf<{ order_id: string }>(
      await world.handle.db.execute(
        sql`select order_id from payments where user_id = ${customer.id} and status = 'requires_action' and provider = 'test'`,
      ),
    ).map((row) => row.order_id),
  );
  return ordersOf(world, customer, null).filter((order) => waiting.has(order.id));
}

// The bank's side of the check (3-D Secure), which the sandbox gateway lets the customer's page
// play in Test mode: passed, the order is paid; failed, Pay is the way on. The shop then applies
// the outcome as check-payment does. Aimed anywhere too: nothing waiting, or another customer's order,
// is refused.
const bankCheckCommand = fc.record({ who, aim, index, passed: fc.boolean() }).map(
  (p) =>
    new Step(
      `${p.who === 0 ? "ada" : "bo"}'s bank check (3-D Secure) ${p.passed ? "passes" : "fails"}`,
      (world) => world.orders.length > 0,
      async (world, note) => {
        const customer = customerOf(world, p.who);
        const order = aimAt(await ordersAwaitingBankCheck(world, customer), world.orders, p.aim, p.index);
        if (!order) return "no order";
        note.target = orderTarget(world, order);
        return bankCheck(world, customer, order, p.passed);
      },
    ),
);

const cancelOrderCommand = fc.record({ who, aim, index }).map(
  (p) =>
    new Step(
      `${p.who === 0 ? "ada" : "bo"} cancels an order`,
      (world) => world.orders.length > 0,
      async (world, note) => {
        const customer = customerOf(world, p.who);
        const order = aimAt(ordersOf(world, customer, ["pending_payment", "paid"]), ordersOf(world, customer, null), p.aim, p.index);
        if (!order) return "no order of theirs";
        note.target = orderTarget(world, order);
        const view = await cancelOrder(customer.id, order.id, "Changed my mind");
        return view.status;
      },
    ),
);

type EditChoice = "address_same_state" | "address_other_state" | ShippingMethodValue;

const editOrderCommand = fc
  .record({
    who,
    aim,
    index,
    change: fc.constantFrom<EditChoice>("address_same_state", "address_other_state", "ups_ground", "ups_2nd_day_air", "ups_next_day_air"),
  })
  .map(
    (p) =>
      new Step(
        `${p.who === 0 ? "ada" : "bo"} edits an order: ${p.change}`,
        (world) => world.orders.length > 0,
        async (world, note) => {
          const customer = customerOf(world, p.who);
          const order = aimAt(ordersOf(world, customer, ["pending_payment", "paid"]), ordersOf(world, customer, null), p.aim, p.index);
          if (!order) return "no order of theirs";
          note.target = orderTarget(world, order);
          const edit =
            p.change === "address_same_state"
              ? { orderId: order.id, shippingAddress: HOUSTON_OFFICE }
              : p.change === "address_other_state"
                ? { orderId: order.id, shippingAddress: SAN_FRANCISCO }
                : { orderId: order.id, shippingMethod: p.change };
          const view = await editOrder(customer.id, edit);
          return `total now ${view.total}`;
        },
      ),
  );

type AfterSaleType = ApplyAfterSaleBody["type"];

async function linesOf(world: World, orderId: string): Promise<{ sku: string; quantity: number }[]> {
  return rowsOf<{ sku: string; quantity: number }>(
    await world.handle.db.execute(sql`select sku, quantity::int as quantity from order_items where order_id = ${orderId} order by sku`),
  );
}

function productKeyOf(world: World, sku: string): string {
  return PRODUCT_KEYS.find((key) => world.products[key].sku === sku) ?? sku;
}

async function apply(
  world: World,
  customer: ModelCustomer,
  order: ModelOrder,
  params: { line: number; type: AfterSaleType; quantity: number; purifier: boolean },
  note: StepNote,
): Promise<string> {
  const line = pick(await linesOf(world, order.id), params.line);
  if (!line) return "the order has no lines";
  note.target = `${orderTarget(world, order)}, line ${productKeyOf(world, line.sku)}`;
  const body: ApplyAfterSaleBody = {
    orderId: order.id,
    skuNum: line.sku,
    quantity: params.quantity,
    type: params.type,
    reason: "Stopped working",
    description: "It stopped working after a week of use.",
  };
  if (params.type === "repair" && params.purifier) {
    const [purifier] = rowsOf<{ id: string }>(
      await world.handle.db.execute(sql`select id from purifiers where user_id = ${customer.id} order by created_at, id limit 1`),
    );
    if (purifier) body.purifierId = purifier.id;
  }
  const { afterSaleId } = await applyAfterSale(customer.id, body, world.now);
  return `opened ${rememberAfterSale(world, afterSaleId, customer).label}`;
}

const afterSaleParams = fc.record({
  line: index,
  type: fc.constantFrom<AfterSaleType>("return", "refund", "exchange", "repair", "return", "refund"),
  quantity: fc.oneof({ arbitrary: fc.constant(1), weight: 4 }, { arbitrary: fc.constant(2), weight: 1 }),
  purifier: fc.boolean(),
});

const applyAfterSaleCommand = fc.record({ who, aim, index, params: afterSaleParams }).map(
  (p) =>
    new Step(
      `${p.who === 0 ? "ada" : "bo"} asks for a ${p.params.type} of ${p.params.quantity} (line pick ${p.params.line}${p.params.type === "repair" && p.params.purifier ? ", naming a purifier" : ""})`,
      (world) => world.orders.length > 0,
      async (world, note) => {
        const customer = customerOf(world, p.who);
        const order = aimAt(ordersOf(world, customer, ["shipped", "delivered"]), ordersOf(world, customer, null), p.aim, p.index);
        if (!order) return "no order of theirs";
        return apply(world, customer, order, p.params, note);
      },
    ),
);

async function submitTracking(world: World, request: ModelRecord, note: StepNote): Promise<string> {
  note.target = requestTarget(world, request);
  const view = await submitAfterSaleTracking(request.owner.id, {
    afterSaleId: request.id,
    carrier: "UPS",
    trackNumber: "1Z12345E0205271688",
  });
  return view.status;
}

const submitTrackingCommand = fc.record({ aim, index }).map(
  (p) =>
    new Step(
      "the customer sends the goods back and enters the tracking number",
      (world) => world.afterSales.length > 0,
      async (world, note) => {
        const request = aimAt(requestsIn(world, ["approved"]), world.afterSales, p.aim, p.index);
        return request ? submitTracking(world, request, note) : "no request";
      },
    ),
);

const cancelAfterSaleCommand = fc.record({ aim, index }).map(
  (p) =>
    new Step(
      "the customer withdraws an after-sale request",
      (world) => world.afterSales.length > 0,
      async (world, note) => {
        const request = aimAt(requestsIn(world, ["pending_review", "approved", "returning"]), world.afterSales, p.aim, p.index);
        if (!request) return "no request";
        note.target = requestTarget(world, request);
        return (await cancelAfterSale(request.owner.id, request.id)).status;
      },
    ),
);

const registerPurifierCommand = who.map(
  (p) =>
    new Step(
      `${p === 0 ? "ada" : "bo"} registers a purifier bought elsewhere, and the operator verifies its proof of purchase`,
      () => true,
      async (world) => {
        const serial = fresh(world, "MM").slice(0, 20).toUpperCase();
        const customer = customerOf(world, p);
        const added = await addPurifier(customer.id, { serial, purchasedOn: storeDate(world.now) }, world.now);
        // Lenwell Care covers only a purifier the shop vouches for (docs/decisions/0040).
        await attachProof(
          customer.id,
          { fields: { purifierId: added.purifierId }, file: { name: "receipt.pdf", bytes: PDF_PROOF } },
          world.now,
        );
        const purifier = await operatorVerifyPurifier(world.operator, { purifierId: added.purifierId }, world.now);
        return `registered ${purifier.skuNum}, ${purifier.verification}`;
      },
    ),
);

const cancelMembershipCommand = who.map(
  (p) =>
    new Step(
      `${p === 0 ? "ada" : "bo"} cancels the membership`,
      (world) => world.plans.some((plan) => plan.kind === "membership"),
      async (world) => {
        const outcome = await cancelMembership(customerOf(world, p).id, world.now);
        const { cancellation } = outcome;
        return cancellation.mode === "now" ? `ended now, ${cancellation.refund.toFixed(2)} back` : `ends at ${cancellation.activeUntil}`;
      },
    ),
);

type RenewalCard = "success" | "renewal_decline" | "saved";

const setRenewalCardCommand = fc.record({ who, card: fc.constantFrom<RenewalCard>("success", "renewal_decline", "saved") }).map(
  (p) =>
    new Step(
      `${p.who === 0 ? "ada" : "bo"} sets the renewal card: ${p.card}`,
      (world) => world.plans.some((plan) => plan.kind === "membership"),
      async (world) => {
        const customer = customerOf(world, p.who);
        const saved = p.card === "saved" ? await savedCardOf(world, customer) : null;
        const declining = SANDBOX_CARDS.findIndex((card) => card.outcome === "decline_off_session");
        const choice = saved
          ? { paymentMethodId: saved }
          : { card: typedCard(p.card === "renewal_decline" && declining >= 0 ? declining : SUCCESS_CARD, customer.label) };
        const membership = await setRenewalCard(customer.id, choice, world.now);
        return membership ? `membership ${membership.status}` : "no membership";
      },
    ),
);

const cancelCarePlanCommand = fc.record({ who, index }).map(
  (p) =>
    new Step(
      `${p.who === 0 ? "ada" : "bo"} cancels a Lenwell Care plan`,
      (world) => carePlanCancel !== null && world.plans.some((plan) => plan.kind === "care"),
      async (world, note) => {
        if (!carePlanCancel) return "not offered";
        const customer = customerOf(world, p.who);
        const plans = world.plans.filter((plan) => plan.kind === "care");
        const plan =
          pick(
            plans.filter((candidate) => candidate.owner.id === customer.id),
            p.index,
          ) ?? pick(plans, p.index);
        if (!plan) return "no care plan";
        note.target = `${plan.label} of ${plan.owner.label}, ${statusOf(world, "plan", plan.id)}`;
        await carePlanCancel(customer.id, plan.id, world.now);
        return "cancelled";
      },
    ),
);

// ---------------------------------------------------------------------------------------------
// The operator.

const shipCommand = fc.record({ aim, index }).map(
  (p) =>
    new Step(
      "the operator ships an order",
      (world) => world.orders.length > 0,
      async (world, note) => {
        const paid = ordersOf(world, null, ["paid"]).filter((order) => world.shipping.has(order.id));
        const order = aimAt(paid, world.orders, p.aim, p.index);
        if (!order) return "no order";
        note.target = orderTarget(world, order);
        return (await shipOrder(world.operator, { orderId: order.id, carrier: "UPS", trackingNumber: "1Z999AA10123456784" })).status;
      },
    ),
);

const deliverCommand = fc.record({ aim, index }).map(
  (p) =>
    new Step(
      "the operator marks an order delivered",
      (world) => world.orders.length > 0,
      async (world, note) => {
        const order = aimAt(ordersOf(world, null, ["shipped"]), world.orders, p.aim, p.index);
        if (!order) return "no order";
        note.target = orderTarget(world, order);
        return (await deliverOrder(world.operator, order.id, world.now)).status;
      },
    ),
);

const adminCancelCommand = fc.record({ aim, index }).map(
  (p) =>
    new Step(
      "the operator cancels an order",
      (world) => world.orders.length > 0,
      async (world, note) => {
        const order = aimAt(ordersOf(world, null, ["pending_payment", "paid"]), world.orders, p.aim, p.index);
        if (!order) return "no order";
        note.target = orderTarget(world, order);
        return (await operatorCancelOrder(world.operator, { orderId: order.id, reason: "Out of stock at the warehouse" })).status;
      },
    ),
);

type Decision = "approve" | "reject" | "receive" | "complete";
type RefundChoice = "as_asked" | "part" | "nothing" | "too_much";

async function decide(world: World, request: ModelRecord, decision: Decision, refund: RefundChoice, note: StepNote): Promise<string> {
  note.target = requestTarget(world, request);
  switch (decision) {
    case "approve":
      return (await approveAfterSale(world.operator, { afterSaleId: request.id })).status;
    case "reject":
      return (await rejectAfterSale(world.operator, { afterSaleId: request.id, reason: "Outside the return window" })).status;
    case "receive":
      return (await receiveAfterSale(world.operator, request.id)).status;
    case "complete": {
      const [row] = rowsOf<{ refund_cents: number }>(
        await world.handle.db.execute(sql`select refund_cents::int as refund_cents from after_sale_requests where id = ${request.id}`),
      );
      const asked = row?.refund_cents ?? 0;
      const amount =
        refund === "as_asked"
          ? undefined
          : refund === "part"
            ? centsToAmount(Math.floor(asked / 2))
            : refund === "nothing"
              ? "0.00"
              : centsToAmount(asked + 100);
      const view = await completeAfterSale(
        world.operator,
        amount === undefined ? { afterSaleId: request.id } : { afterSaleId: request.id, refundAmount: amount },
      );
      return `${view.status}, refunded ${view.refunded}`;
    }
  }
}

const DECISION_STATUS: Readonly<Record<Decision, readonly string[]>> = {
  approve: ["pending_review"],
  reject: ["pending_review"],
  receive: ["returning"],
  complete: ["received"],
};

const refundChoice = fc.constantFrom<RefundChoice>("as_asked", "as_asked", "as_asked", "part", "nothing", "too_much");

const decideCommand = fc
  .record({ aim, index, decision: fc.constantFrom<Decision>("approve", "approve", "reject", "receive", "complete"), refund: refundChoice })
  .map(
    (p) =>
      new Step(
        `the operator decides an after-sale request: ${p.decision}${p.decision === "complete" ? ` (refund ${p.refund})` : ""}`,
        (world) => world.afterSales.length > 0,
        async (world, note) => {
          const request = aimAt(requestsIn(world, DECISION_STATUS[p.decision]), world.afterSales, p.aim, p.index);
          return request ? decide(world, request, p.decision, p.refund, note) : "no request";
        },
      ),
  );

const operatorCancelMembershipCommand = index.map(
  (p) =>
    new Step(
      "the operator cancels a membership",
      (world) => world.plans.some((plan) => plan.kind === "membership"),
      async (world, note) => {
        const plan = pick(
          world.plans.filter((candidate) => candidate.kind === "membership"),
          p,
        );
        if (!plan) return "no membership";
        note.target = `${plan.label} of ${plan.owner.label}, ${statusOf(world, "plan", plan.id)}`;
        const { cancellation } = await operatorCancelMembership(world.operator, plan.id, world.now);
        return cancellation.mode === "now" ? `ended now, ${cancellation.refund.toFixed(2)} back` : `ends at ${cancellation.activeUntil}`;
      },
    ),
);

// ---------------------------------------------------------------------------------------------
// Moving on: whatever waits next, done the ordinary way. Random single steps seldom line up into a
// whole story (bought, paid, shipped, returned, approved, sent back, received, refunded); these two
// take the next step of some open story, so histories reach the far ends of the flows.

/**
 * A customer with nothing open buys: one product now, or two through the cart (the orders that mix a
 * plan with goods, whose lines can then be refunded by more than one path).
 */
async function shop(world: World, customer: ModelCustomer, product: ProductKey, quantity: number, alongside: ProductKey): Promise<string> {
  if (alongside === product) {
    const { orderId } = await buyNow(customer.id, world.products[product].sku, quantity, null);
    return `nothing open, made ${rememberOrder(world, orderId, customer, "buy_now").label}`;
  }
  world.cartLines.set(customer.id, (await addToCart(customer.id, world.products[product].sku, quantity)).cartList.length);
  world.cartLines.set(customer.id, (await addToCart(customer.id, world.products[alongside].sku, 1)).cartList.length);
  const { orderId } = await checkoutCart(customer.id, null);
  world.cartLines.set(customer.id, 0);
  return `nothing open, made ${rememberOrder(world, orderId, customer, "checkout").label}`;
}

/** What a customer has open: orders to pay, requests to send goods back for, goods to ask after-sale for. */
function openFor(world: Readonly<World>, customer: ModelCustomer) {
  const unpaid = ordersOf(world, customer, ["pending_payment"]);
  const approved = requestsIn(world, ["approved"]).filter((request) => request.owner.id === customer.id);
  const received = ordersOf(world, customer, ["shipped", "delivered"]);
  return { unpaid, approved, received, choices: unpaid.length + approved.length + received.length };
}

/** What waits for the operator: orders to ship and deliver, requests to decide, receive and complete. */
function queueOf(world: Readonly<World>) {
  const toShip = ordersOf(world, null, ["paid"]).filter((order) => world.shipping.has(order.id));
  const toDeliver = ordersOf(world, null, ["shipped"]);
  const requests = requestsIn(world, ["pending_review", "returning", "received"]);
  return { toShip, toDeliver, requests, choices: toShip.length + toDeliver.length + requests.length };
}

const customerGoesOnCommand = fc
  .record({
    who,
    index,
    pay: payParams,
    bankPasses: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 2 }),
    afterSale: afterSaleParams,
    product: productKey,
    alongside: productKey,
    quantity: fc.integer({ min: 1, max: 2 }),
  })
  .map(
    (p) =>
      new Step(
        `${p.who === 0 ? "ada" : "bo"} goes on: pays an open order with ${cardWords(p.pay.card)} (or ${p.bankPasses ? "passes" : "fails"} the bank's check it waits on), sends goods back, asks for a ${p.afterSale.type}, or with nothing open buys ${p.quantity} × ${p.product}${p.alongside === p.product ? " now" : ` and 1 × ${p.alongside} through the cart`}`,
        () => true,
        async (world, note) => {
          const customer = customerOf(world, p.who);
          const { unpaid, approved, received, choices } = openFor(world, customer);
          if (choices === 0) return shop(world, customer, p.product, p.quantity, p.alongside);
          const choice = p.index % choices;
          const order = unpaid[choice];
          if (order) {
            // A payment waiting on the bank's check is finished there, as the page's panel offers.
            if ((await ordersAwaitingBankCheck(world, customer)).includes(order)) {
              note.target = `bank check of ${orderTarget(world, order)}`;
              return bankCheck(world, customer, order, p.bankPasses);
            }
            note.target = `pays ${orderTarget(world, order)}`;
            return pay(world, customer, order, await paymentBody(world, customer, order, p.pay));
          }
          const request = approved[choice - unpaid.length];
          if (request) return submitTracking(world, request, note);
          const goods = received[choice - unpaid.length - approved.length];
          return goods ? apply(world, customer, goods, p.afterSale, note) : "nothing open";
        },
      ),
  );

const operatorGoesOnCommand = fc
  .record({
    index,
    reject: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
    refund: refundChoice,
  })
  .map(
    (p) =>
      new Step(
        `the operator works the queue (next shipment, delivery or after-sale decision${p.reject ? ", rejecting" : ""}${p.refund === "as_asked" ? "" : `, refund ${p.refund}`})`,
        (world) => queueOf(world).choices > 0,
        async (world, note) => {
          const { toShip, toDeliver, requests, choices } = queueOf(world);
          if (choices === 0) return "nothing waits";
          const choice = p.index % choices;
          const ship = toShip[choice];
          if (ship) {
            note.target = `ships ${orderTarget(world, ship)}`;
            return (await shipOrder(world.operator, { orderId: ship.id, carrier: "UPS", trackingNumber: "1Z999AA10123456784" })).status;
          }
          const deliver = toDeliver[choice - toShip.length];
          if (deliver) {
            note.target = `delivers ${orderTarget(world, deliver)}`;
            return (await deliverOrder(world.operator, deliver.id, world.now)).status;
          }
          const request = requests[choice - toShip.length - toDeliver.length];
          if (!request) return "nothing waits";
          const status = statusOf(world, "after_sale", request.id);
          const decision: Decision =
            status === "pending_review" ? (p.reject ? "reject" : "approve") : status === "returning" ? "receive" : "complete";
          return decide(world, request, decision, p.refund, note);
        },
      ),
  );

// ---------------------------------------------------------------------------------------------
// The clock. Moving it runs the scheduled work as the jobs would over that time: unpaid orders
// expire (per customer, the sweep's own scope), memberships renew, retry and lapse (per
// membership: the job's own option), care plans' reminders go out.

const CLOCK_STEPS = [
  { words: "31 minutes (unpaid orders expire)", ms: 31 * 60_000 },
  { words: "1 day", ms: 86_400_000 },
  { words: "3 days", ms: 3 * 86_400_000 },
  { words: "8 days", ms: 8 * 86_400_000 },
  { words: "32 days (a monthly period)", ms: 32 * 86_400_000 },
  { words: "366 days (a yearly period)", ms: 366 * 86_400_000 },
] as const;

async function runJobs(world: World): Promise<string> {
  let expired = 0;
  for (const customer of world.customers) expired += (await sweepExpiredOrders({ userId: customer.id }, world.now)).length;
  const total = { renewed: 0, failed: 0, lapsed: 0, awaiting: 0 };
  for (const plan of world.plans.filter((candidate) => candidate.kind === "membership")) {
    // The job runs every few minutes: over a long move it gets its turn (and its retries) again and again.
    for (let turn = 0; turn < 4; turn += 1) {
      const report = await runRenewals(world.now, { membershipId: plan.id });
      total.renewed += report.renewed;
      total.failed += report.failed;
      total.lapsed += report.lapsed;
      total.awaiting += report.awaiting;
      if (report.renewed + report.failed + report.lapsed + report.awaiting === 0) break;
    }
  }
  const { reminded } = await runCareReminders(world.now);
  return `expired ${expired}; renewals: ${total.renewed} renewed, ${total.failed} failed, ${total.lapsed} lapsed, ${total.awaiting} awaiting the bank; ${reminded} care reminders`;
}

const clockCommand = fc.nat({ max: CLOCK_STEPS.length - 1 }).map((p) => {
  const move = CLOCK_STEPS[p] ?? CLOCK_STEPS[0];
  return new Step(
    `the clock moves ${move.words}, the jobs run`,
    () => true,
    async (world) => {
      setClock(world, world.now.getTime() + move.ms);
      return runJobs(world);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The provider: what happens at its end and reaches the shop as an event (applyPaymentEvent, the
// webhook's work without the signature). The sandbox gateway's records are its side: a dashboard
// refund is made through it, a refund failing later and a dispute are events the bank causes.

interface Charge {
  paymentId: string;
  ref: string;
  amount: number;
  refunded: number;
}

async function chargesOf(world: World): Promise<Charge[]> {
  return rowsOf<Charge>(
    await world.handle.db.execute(
      sql`select p.id as "paymentId", c.ref, c.amount_cents::int as amount, c.refunded_cents::int as refunded
          from payments p join test_provider_charges c on c.ref = p.provider_ref
          where p.user_id in (${sql.join(
            world.customers.map((customer) => sql`${customer.id}`),
            sql`, `,
          )}) and c.status = 'succeeded'
          order by p.created_at, p.id`,
    ),
  );
}

async function deliver(world: World, event: ProviderEvent, record = true): Promise<void> {
  if (!paymentEvents) throw new Error("applyPaymentEvent is not there");
  if (record) world.events.push(event);
  await paymentEvents(event, world.now);
}

const providerOffered = (world: Readonly<World>) => paymentEvents !== null && world.payments.length > 0;

type Portion = "rest" | "half" | "cent";

function portionOf(left: number, portion: Portion): number {
  if (portion === "rest") return left;
  if (portion === "half") return Math.max(1, Math.floor(left / 2));
  return 1;
}

const dashboardRefundCommand = fc.record({ index, portion: fc.constantFrom<Portion>("rest", "half", "cent"), reversed: fc.boolean() }).map(
  (p) =>
    new Step(
      `the shop's staff refunds ${p.portion === "rest" ? "what is left of" : p.portion === "half" ? "half of" : "a cent of"} a charge from the provider's dashboard${p.reversed ? " in two parts, whose events arrive newest first" : ""}`,
      providerOffered,
      async (world, note) => {
        const charge = pick(await chargesOf(world), p.index);
        if (!charge) return "no charge";
        note.target = `${label(world, charge.paymentId)}, ${cents(charge.refunded)} of ${cents(charge.amount)} refunded at the provider`;
        // Stripe refuses to refund a charge under dispute (charge_disputed): the dispute decides where the money goes.
        if (world.disputes.some((dispute) => dispute.providerRef === charge.ref)) return "the provider refuses: the charge is disputed";
        const left = charge.amount - charge.refunded;
        if (left <= 0) return "nothing left to refund at the provider";
        const amount = portionOf(left, p.portion);
        const provider = createSandboxGateway(world.handle.db, () => world.now);
        const parts = p.reversed && amount >= 2 ? [Math.floor(amount / 2), amount - Math.floor(amount / 2)] : [amount];
        const events: ProviderEvent[] = [];
        let total = charge.refunded;
        for (const part of parts) {
          await provider.refund({ providerRef: charge.ref, amountCents: part, idempotencyKey: fresh(world, "mmdash_") });
          total += part;
          events.push({
            id: fresh(world, "evt_mm_"),
            type: "charge.refunded",
            kind: "refund",
            providerRef: charge.ref,
            refundedCents: total,
          });
        }
        for (const event of events.reverse()) await deliver(world, event);
        return `${cents(amount)} refunded at the provider, ${events.length} event(s) delivered`;
      },
    ),
);

const disputeCommand = fc.record({ index, portion: fc.constantFrom<Portion>("rest", "half") }).map(
  (p) =>
    new Step(
      `a cardholder disputes ${p.portion === "rest" ? "a whole charge" : "half a charge"} with their bank`,
      providerOffered,
      async (world, note) => {
        const charge = pick(await chargesOf(world), p.index);
        if (!charge) return "no charge";
        note.target = label(world, charge.paymentId);
        const open = world.disputes
          .filter((dispute) => dispute.providerRef === charge.ref)
          .reduce((sum, dispute) => sum + dispute.amountCents, 0);
        const amount = portionOf(charge.amount - charge.refunded - open, p.portion);
        if (amount <= 0) return "nothing left to dispute";
        const disputeRef = fresh(world, "dp_mm_");
        world.disputes.push({ providerRef: charge.ref, disputeRef, amountCents: amount, label: `dispute#${world.disputes.length + 1}` });
        await deliver(world, {
          id: fresh(world, "evt_mm_"),
          type: "charge.dispute.created",
          kind: "dispute",
          providerRef: charge.ref,
          disputeRef,
          amountCents: amount,
          reason: "fraudulent",
        });
        return `${cents(amount)} disputed`;
      },
    ),
);

const disputeClosedCommand = fc.record({ index, won: fc.boolean() }).map(
  (p) =>
    new Step(
      `a dispute ends: the shop ${p.won ? "wins" : "loses"}`,
      (world) => paymentEvents !== null && world.disputes.length > 0,
      async (world, note) => {
        const dispute = pick(world.disputes, p.index);
        if (!dispute) return "no dispute";
        note.target = dispute.label;
        world.disputes = world.disputes.filter((open) => open !== dispute);
        await deliver(world, {
          id: fresh(world, "evt_mm_"),
          type: "charge.dispute.closed",
          kind: "dispute_closed",
          providerRef: dispute.providerRef,
          disputeRef: dispute.disputeRef,
          amountCents: dispute.amountCents,
          won: p.won,
        });
        return "closed";
      },
    ),
);

const refundFailedCommand = index.map(
  (p) =>
    new Step("a refund the provider took fails later (the bank sends it back)", providerOffered, async (world, note) => {
      const refunds = rowsOf<{ ref: string; charge_ref: string; amount: number }>(
        await world.handle.db.execute(
          sql`select r.ref, r.charge_ref, r.amount_cents::int as amount from test_provider_refunds r
                join payments p on p.provider_ref = r.charge_ref
                where p.user_id in (${sql.join(
                  world.customers.map((customer) => sql`${customer.id}`),
                  sql`, `,
                )}) order by r.created_at, r.ref`,
        ),
      ).filter((refund) => !world.failedRefunds.has(refund.ref));
      const refund = pick(refunds, p);
      if (!refund) return "no refund to fail";
      note.target = `${cents(refund.amount)} back on the charge ${refund.charge_ref}`;
      world.failedRefunds.add(refund.ref);
      // The provider's side: the money is back on the shop's balance, no longer refunded on the charge.
      await world.handle.db.execute(
        sql`update test_provider_charges set refunded_cents = refunded_cents - ${refund.amount}
              where ref = ${refund.charge_ref} and refunded_cents >= ${refund.amount}`,
      );
      await deliver(world, {
        id: fresh(world, "evt_mm_"),
        type: "refund.failed",
        kind: "refund_failed",
        providerRef: refund.charge_ref,
        refundRef: refund.ref,
        amountCents: refund.amount,
        message: "The card was closed.",
      });
      return "failed";
    }),
);

const replayCommand = index.map(
  (p) =>
    new Step(
      "the provider delivers an event again (a replay, or a redelivery after a timeout)",
      (world) => paymentEvents !== null && world.events.length > 0,
      async (world, note) => {
        const event = pick(world.events, p);
        if (!event) return "no event";
        note.target = `${event.type} ${event.id}`;
        await deliver(world, event, false);
        return "delivered";
      },
    ),
);

const chargeEventCommand = index.map(
  (p) =>
    new Step("the provider says a charge changed (the shop reads it again)", providerOffered, async (world, note) => {
      const charge = pick(await chargesOf(world), p);
      if (!charge) return "no charge";
      note.target = label(world, charge.paymentId);
      await deliver(world, { id: fresh(world, "evt_mm_"), type: "payment_intent.succeeded", kind: "charge", providerRef: charge.ref });
      return "delivered";
    }),
);

/** Every kind of step, by the name MONEY_MODEL_LEAVE_OUT knows it by, with its weight. */
const STEPS: Readonly<Record<StepName, { arbitrary: fc.Arbitrary<Step>; weight: number }>> = {
  "goes-on": { arbitrary: customerGoesOnCommand, weight: 16 },
  "works-queue": { arbitrary: operatorGoesOnCommand, weight: 14 },
  "add-to-cart": { arbitrary: addToCartCommand, weight: 5 },
  checkout: { arbitrary: checkoutCommand, weight: 4 },
  "buy-now": { arbitrary: buyNowCommand, weight: 5 },
  pay: { arbitrary: payCommand, weight: 4 },
  "check-payment": { arbitrary: checkPaymentCommand, weight: 1 },
  "bank-check": { arbitrary: bankCheckCommand, weight: 1 },
  "cancel-order": { arbitrary: cancelOrderCommand, weight: 2 },
  "edit-order": { arbitrary: editOrderCommand, weight: 2 },
  "apply-after-sale": { arbitrary: applyAfterSaleCommand, weight: 2 },
  "send-back": { arbitrary: submitTrackingCommand, weight: 1 },
  "withdraw-after-sale": { arbitrary: cancelAfterSaleCommand, weight: 1 },
  "decide-after-sale": { arbitrary: decideCommand, weight: 2 },
  ship: { arbitrary: shipCommand, weight: 1 },
  deliver: { arbitrary: deliverCommand, weight: 1 },
  "admin-cancel-order": { arbitrary: adminCancelCommand, weight: 1 },
  "register-purifier": { arbitrary: registerPurifierCommand, weight: 2 },
  "cancel-membership": { arbitrary: cancelMembershipCommand, weight: 2 },
  "admin-cancel-membership": { arbitrary: operatorCancelMembershipCommand, weight: 1 },
  "renewal-card": { arbitrary: setRenewalCardCommand, weight: 1 },
  "cancel-care-plan": { arbitrary: cancelCarePlanCommand, weight: 1 },
  clock: { arbitrary: clockCommand, weight: 4 },
  "dashboard-refund": { arbitrary: dashboardRefundCommand, weight: 2 },
  dispute: { arbitrary: disputeCommand, weight: 1 },
  "dispute-closed": { arbitrary: disputeClosedCommand, weight: 1 },
  "refund-failed": { arbitrary: refundFailedCommand, weight: 1 },
  replay: { arbitrary: replayCommand, weight: 1 },
  "charge-event": { arbitrary: chargeEventCommand, weight: 1 },
};

/**
 * The steps histories are made of, weighted so that histories both go deep (paid, shipped,
 * returned, refunded) and wander; `leaveOut` names kinds not to take (to see what else fails
 * behind a failure that is known).
 */
export function moneyCommands(leaveOut: ReadonlySet<StepName> = new Set()): fc.Arbitrary<fc.AsyncCommand<World, World>>[] {
  const kept = STEP_NAMES.filter((name) => !leaveOut.has(name)).map((name) => STEPS[name]);
  const [first, ...rest] = kept;
  if (!first) throw new Error("Every kind of step is left out");
  return [fc.oneof(first, ...rest)];
}

/** The steps this branch cannot offer yet, for the run's summary. */
export function stepsNotOffered(): string[] {
  const missing: string[] = [];
  if (!paymentEvents) {
    missing.push(
      "provider events (dashboard refund, dispute, refund failed, replay, out of order): applyPaymentEvent is not exported by lib/server/orders",
    );
  }
  if (!carePlanCancel) missing.push("care plan cancel: cancelCarePlan is not exported by lib/server/memberships");
  // A card the bank checks (3-D Secure) is paid by "pays" with that card, answered by "bank-check",
  // and "check-payment" after it.
  if (!SANDBOX_CARDS.some((card) => /3-?D Secure|authenticat/i.test(card.description))) {
    missing.push("3-D Secure passed or failed: the sandbox gateway has no card that asks for the bank's check (SANDBOX_CARDS)");
  }
  return missing;
}
