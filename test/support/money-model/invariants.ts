import { sql, type SQL } from "drizzle-orm";
import { STORE_NAME } from "@/lib/config/store";
import type { PlanKind } from "@/lib/db/schema";
import { orderNumber } from "@/lib/display/order-display";
import type { InvariantName } from "./settings";
import { knownStatus, reachable } from "./transitions";
import {
  cents,
  customerById,
  emptyStatuses,
  label,
  rememberAfterSale,
  rememberOrder,
  rememberPayment,
  rememberPlan,
  rememberRefund,
  rowsOf,
  type StatusKind,
  type Statuses,
  type World,
} from "./world";

// What must hold after every step, whatever the step was, read from the shop's tables and the test
// provider's (its record of charges and refunds). Each check answers its broken cases in words,
// tagged with the invariant's name; MONEY_MODEL_SKIP leaves named ones out.
//
// The refund ledger (refunds, refund_allocations) is the truth of what went back: a refund counts
// while it is pending or succeeded (a failed one is owed again, a reversed dispute came back to the
// shop). orders.refunded_cents and payments.refunded_cents must be its sums: a dispute counts on the
// order (the customer has the money) but not on the charge (the provider's refunded amount leaves
// disputes out), a duplicate charge on its charge but not on the order.

/** Refunds that count as money gone back to the customer. */
const COUNTED = sql`('pending', 'succeeded')`;
/** A payment that took the money. */
const TOOK_MONEY = ["succeeded", "partially_refunded", "refunded", "duplicate_refunded"];
/** The e-mails that confirm a paid order: the order confirmation, or a renewal's receipt. */
const CONFIRMATION_SUBJECTS = [`Your ${STORE_NAME} order is confirmed`, `Receipt: your ${STORE_NAME} membership is renewed`];
/** Order events that e-mail the customer, and the template of that e-mail (lib/server/mail/lanes.ts). */
const ORDER_EVENT_MAILS: readonly (readonly [event: string, template: string])[] = [
  ["shipped", "order-shipped"],
  ["cancelled", "order-cancelled"],
];

function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

async function query<T>(world: World, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await world.handle.db.execute(statement));
}

/**
 * What a line paid: its price and its share of the order's tax. Tax is charged on the lines that
 * ship (all lines, on an order made before plans stopped carrying tax); the share is rounded up,
 * since the cents that rounding leaves over belong to some line.
 */
function linePaidCents(line: {
  lineTotal: number;
  subtotal: number;
  shippedSubtotal: number;
  tax: number;
  category: string | null;
}): number {
  const ships = line.category !== "membership" && line.category !== "care" && line.category !== "repair";
  const taxed = (ships || line.shippedSubtotal === line.subtotal) && line.shippedSubtotal > 0;
  return line.lineTotal + (taxed ? Math.ceil((line.tax * line.lineTotal) / line.shippedSubtotal) : 0);
}

// ---------------------------------------------------------------------------------------------
// Statuses: what every record is now, new records learnt, and each change checked against the rules.

interface StatusRow {
  id: string;
  user_id: string;
  status: string;
  kind?: PlanKind;
  ships?: boolean;
}

async function readStatuses(world: World, users: SQL): Promise<Record<StatusKind, StatusRow[]>> {
  return {
    order: await query<StatusRow>(
      world,
      sql`select id, user_id, status, shipping_method is not null as ships from orders where user_id in (${users}) order by created_at, id`,
    ),
    payment: await query<StatusRow>(
      world,
      sql`select id, user_id, status from payments where user_id in (${users}) order by created_at, id`,
    ),
    after_sale: await query<StatusRow>(
      world,
      sql`select id, user_id, status from after_sale_requests where user_id in (${users}) order by created_at, id`,
    ),
    plan: await query<StatusRow>(
      world,
      sql`select id, user_id, status, kind from memberships where user_id in (${users}) order by created_at, starts_at, sku, id`,
    ),
    refund: await query<StatusRow>(
      world,
      sql`select r.id, o.user_id, r.status from refunds r join orders o on o.id = r.order_id
          where o.user_id in (${users}) order by r.created_at, r.id`,
    ),
  };
}

const KIND_WORDS: Record<StatusKind, string> = {
  order: "order",
  payment: "payment",
  after_sale: "after-sale request",
  plan: "plan",
  refund: "refund",
};

/** Reads every status, learns new records, and answers the changes no rule allows. */
export async function observe(world: World): Promise<string[]> {
  const users = list(world.customers.map((customer) => customer.id));
  const rows = await readStatuses(world, users);
  for (const row of rows.order) {
    rememberOrder(world, row.id, customerById(world, row.user_id), "shop");
    if (row.ships) world.shipping.add(row.id);
    else world.shipping.delete(row.id);
  }
  for (const row of rows.payment) rememberPayment(world, row.id, customerById(world, row.user_id));
  for (const row of rows.after_sale) rememberAfterSale(world, row.id, customerById(world, row.user_id));
  for (const row of rows.plan) rememberPlan(world, row.id, customerById(world, row.user_id), row.kind ?? "membership");
  for (const row of rows.refund) rememberRefund(world, row.id, customerById(world, row.user_id));

  const problems: string[] = [];
  const next: Statuses = emptyStatuses();
  for (const kind of Object.keys(rows) as StatusKind[]) {
    for (const row of rows[kind]) {
      next[kind].set(row.id, row.status);
      if (!knownStatus(kind, row.status)) problems.push(`${label(world, row.id)} is in a status the rules do not know: ${row.status}`);
      const before = world.statuses[kind].get(row.id);
      if (before !== undefined && before !== row.status && !reachable(kind, before, row.status)) {
        problems.push(`${label(world, row.id)} (${KIND_WORDS[kind]}) went ${before} → ${row.status}, which no rule allows`);
      }
    }
    for (const id of world.statuses[kind].keys()) {
      if (!next[kind].has(id)) problems.push(`${label(world, id)} (${KIND_WORDS[kind]}) disappeared`);
    }
  }
  world.statuses = next;
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The money ledger: refunded ≤ paid per line (its tax share included), for the shipping, per order
// and per charge, whatever the path; and the order's and payment's amounts are the ledger's sums.

interface LineRow {
  order_id: string;
  sku: string;
  line_total: number;
  subtotal: number;
  shipped_subtotal: number;
  tax: number;
  category: string | null;
  ledger: number;
  after_sale: number;
}

interface OrderMoneyRow {
  id: string;
  total: number;
  shipping: number;
  tax: number;
  refunded: number;
  ledger: number;
  ledger_shipping: number;
  payments_refunded: number;
  paid: number;
}

interface PaymentMoneyRow {
  id: string;
  status: string;
  amount: number;
  refunded: number;
  provider: string;
  provider_ref: string | null;
  ledger: number;
  disputed: number;
  charge_ref: string | null;
  charge_status: string | null;
  charge_amount: number | null;
  charge_refunded: number | null;
}

interface RefundRow {
  id: string;
  reason: string;
  status: string;
  amount: number;
  allocated: number;
  foreign_allocations: number;
  same_order: boolean;
}

async function ledger(world: World, users: SQL, payments: PaymentMoneyRow[]): Promise<string[]> {
  const problems: string[] = [];
  const lines = await query<LineRow>(
    world,
    sql`select o.id as order_id, i.sku, i.line_total_cents::int as line_total, o.subtotal_cents::int as subtotal,
          o.shipped_subtotal_cents::int as shipped_subtotal, o.tax_cents::int as tax, p.category,
          coalesce((select sum(a.amount_cents) from refund_allocations a join refunds r on r.id = a.refund_id
                    where a.order_id = o.id and a.sku = i.sku and r.status in ${COUNTED}), 0)::int as ledger,
          coalesce((select sum(s.refunded_cents) from after_sale_requests s
                    where s.order_id = o.id and s.sku = i.sku and s.status = 'completed'), 0)::int as after_sale
        from orders o join order_items i on i.order_id = o.id left join products p on p.sku = i.sku
        where o.user_id in (${users})`,
  );
  for (const line of lines) {
    const paid = linePaidCents({
      lineTotal: line.line_total,
      subtotal: line.subtotal,
      shippedSubtotal: line.shipped_subtotal,
      tax: line.tax,
      category: line.category,
    });
    // The ledger is the truth; the after-sale requests' own record of what they refunded on the
    // line is asked too, as it holds the line-by-line story of refunds made before the ledger.
    const refunded = Math.max(line.ledger, line.after_sale);
    if (refunded > paid) {
      problems.push(
        `${label(world, line.order_id)} line ${line.sku}: ${cents(refunded)} refunded of ${cents(paid)} paid (ledger ${cents(line.ledger)}, after-sale ${cents(line.after_sale)})`,
      );
    }
  }

  const orders = await query<OrderMoneyRow>(
    world,
    sql`select o.id, o.total_cents::int as total, o.shipping_cents::int as shipping, o.tax_cents::int as tax, o.refunded_cents::int as refunded,
          coalesce((select sum(r.amount_cents) from refunds r
                    where r.order_id = o.id and r.status in ${COUNTED} and r.reason <> 'duplicate_charge'), 0)::int as ledger,
          coalesce((select sum(a.amount_cents) from refund_allocations a join refunds r on r.id = a.refund_id
                    where a.order_id = o.id and a.sku is null and r.status in ${COUNTED}), 0)::int as ledger_shipping,
          coalesce((select sum(p.refunded_cents) from payments p
                    where p.order_id = o.id and p.status <> 'duplicate_refunded'), 0)::int
            + coalesce((select sum(r.amount_cents) from refunds r
                    where r.order_id = o.id and r.status in ${COUNTED} and r.reason = 'dispute'), 0)::int as payments_refunded,
          coalesce((select max(p.amount_cents) from payments p
                    where p.order_id = o.id and p.status in ('succeeded', 'partially_refunded', 'refunded')), 0)::int as paid
        from orders o where o.user_id in (${users})`,
  );
  for (const order of orders) {
    const name = label(world, order.id);
    if (order.refunded > order.total) problems.push(`${name}: ${cents(order.refunded)} refunded of a ${cents(order.total)} total`);
    if (order.ledger > order.paid)
      problems.push(`${name}: the ledger gives back ${cents(order.ledger)}, the order was paid ${cents(order.paid)}`);
    if (order.ledger !== order.refunded) {
      problems.push(`${name}: orders.refunded_cents is ${cents(order.refunded)}, the refund ledger sums to ${cents(order.ledger)}`);
    }
    if (order.payments_refunded !== order.refunded) {
      problems.push(
        `${name}: orders.refunded_cents is ${cents(order.refunded)}, its payments' refunded amounts and its disputes sum to ${cents(order.payments_refunded)}`,
      );
    }
    // The shipping part also holds what the lines' tax shares leave of the tax (their rounding).
    if (order.ledger_shipping > order.shipping + order.tax) {
      problems.push(
        `${name}: ${cents(order.ledger_shipping)} of shipping refunded, ${cents(order.shipping)} charged (and ${cents(order.tax)} tax)`,
      );
    }
  }

  for (const payment of payments) {
    const name = label(world, payment.id);
    if (payment.refunded > payment.amount)
      problems.push(`${name}: ${cents(payment.refunded)} refunded of ${cents(payment.amount)} charged`);
    if (payment.ledger > payment.amount)
      problems.push(`${name}: the ledger gives back ${cents(payment.ledger)} of ${cents(payment.amount)} charged`);
    if (payment.ledger - payment.disputed !== payment.refunded) {
      problems.push(
        `${name}: payments.refunded_cents is ${cents(payment.refunded)}, the refund ledger sums to ${cents(payment.ledger - payment.disputed)} besides disputes`,
      );
    }
    if (payment.status === "refunded" && payment.refunded !== payment.amount) {
      problems.push(`${name} says "refunded" with ${cents(payment.refunded)} of ${cents(payment.amount)} back`);
    }
  }

  const refunds = await query<RefundRow>(
    world,
    sql`select r.id, r.reason, r.status, r.amount_cents::int as amount,
          coalesce((select sum(a.amount_cents) from refund_allocations a where a.refund_id = r.id), 0)::int as allocated,
          (select count(*) from refund_allocations a where a.refund_id = r.id and a.order_id <> r.order_id)::int as foreign_allocations,
          coalesce((select p.order_id = r.order_id from payments p where p.id = r.payment_id), false) as same_order
        from refunds r join orders o on o.id = r.order_id where o.user_id in (${users})`,
  );
  for (const refund of refunds) {
    const name = `${label(world, refund.id)} (${refund.reason}, ${refund.status})`;
    // A duplicate charge goes back whole, not line by line; refunds from before the ledger have no lines.
    if (refund.reason !== "duplicate_charge" && refund.reason !== "before_ledger" && refund.allocated !== refund.amount) {
      problems.push(`${name}: ${cents(refund.amount)} allocated to lines as ${cents(refund.allocated)}`);
    }
    if (refund.foreign_allocations > 0) problems.push(`${name} is allocated to another order's lines`);
    if (!refund.same_order) problems.push(`${name} pays back a payment of another order`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The provider's record equals the shop's: every charge the shop knows is the provider's charge,
// for the same amount, taken or not alike, with what went back by refund alike (a dispute takes
// money back without a refund, so the provider's refunded amount leaves it out); and every charge
// the provider took in this history is a payment the shop knows.

async function paymentMoney(world: World, users: SQL): Promise<PaymentMoneyRow[]> {
  return query<PaymentMoneyRow>(
    world,
    sql`select p.id, p.status, p.amount_cents::int as amount, p.refunded_cents::int as refunded, p.provider, p.provider_ref,
          coalesce((select sum(r.amount_cents) from refunds r where r.payment_id = p.id and r.status in ${COUNTED}), 0)::int as ledger,
          coalesce((select sum(r.amount_cents) from refunds r
                    where r.payment_id = p.id and r.status in ${COUNTED} and r.reason = 'dispute'), 0)::int as disputed,
          c.ref as charge_ref, c.status as charge_status, c.amount_cents::int as charge_amount, c.refunded_cents::int as charge_refunded
        from payments p left join test_provider_charges c on c.ref = p.provider_ref
        where p.user_id in (${users})`,
  );
}

async function provider(world: World, payments: PaymentMoneyRow[]): Promise<string[]> {
  const problems: string[] = [];
  for (const payment of payments) {
    const name = `${label(world, payment.id)} (${payment.status})`;
    const tookMoney = TOOK_MONEY.includes(payment.status);
    if (payment.provider !== "test") continue;
    if (!payment.provider_ref) {
      if (tookMoney) problems.push(`${name} has no charge at the provider`);
      continue;
    }
    if (payment.charge_ref === null) {
      problems.push(`${name}: the provider has no charge ${payment.provider_ref}`);
      continue;
    }
    if (payment.charge_amount !== payment.amount) {
      problems.push(`${name}: the shop charged ${cents(payment.amount)}, the provider ${cents(payment.charge_amount ?? 0)}`);
    }
    if (tookMoney !== (payment.charge_status === "succeeded")) {
      problems.push(`${name}: the provider's charge is ${payment.charge_status ?? "missing"}`);
    }
    const shopRefunded = payment.refunded;
    if ((payment.charge_refunded ?? 0) !== shopRefunded) {
      problems.push(
        `${name}: the provider refunded ${cents(payment.charge_refunded ?? 0)} of the charge, the shop says ${cents(shopRefunded)} (and ${cents(payment.disputed)} taken back by dispute)`,
      );
    }
  }
  const unknown = await query<{ ref: string; amount: number }>(
    world,
    sql`select c.ref, c.amount_cents::int as amount from test_provider_charges c
        where c.status = 'succeeded' and not exists (select 1 from payments p where p.provider = 'test' and p.provider_ref = c.ref)`,
  );
  for (const charge of unknown.filter((candidate) => !world.chargesBefore.has(candidate.ref)))
    problems.push(`the provider took ${cents(charge.amount)} (${charge.ref}) that no payment of the shop records`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Stock: per product, on hand + reserved + sold is what it started with. Checkout and buy now take
// stock when the order is made (lib/server/orders/stock.ts reserveStock); cancelling or expiring
// an unpaid or paid order puts it back (releaseStock); nothing else moves it: a return completed
// by after-sale is not put back on sale, and a renewal's order takes none (createRenewalOrder). So
//   products.stock
//   + Σ quantity of the history's checkout and buy-now orders in pending_payment    (reserved)
//   + Σ quantity of those in paid, shipped, delivered or refunded                   (sold)
//   = the stock the product started with.

async function stock(world: World): Promise<string[]> {
  const problems: string[] = [];
  const made = Object.values(world.products);
  const onHand = await query<{ sku: string; stock: number }>(
    world,
    sql`select sku, stock::int as stock from products where sku in (${list(made.map((product) => product.sku))})`,
  );
  const ordered = world.orders.filter((order) => order.source !== "shop");
  const lines =
    ordered.length === 0
      ? []
      : await query<{ sku: string; quantity: number; status: string }>(
          world,
          sql`select i.sku, i.quantity::int as quantity, o.status from order_items i join orders o on o.id = i.order_id
              where o.id in (${list(ordered.map((order) => order.id))})`,
        );
  for (const product of made) {
    const here = onHand.find((row) => row.sku === product.sku)?.stock ?? 0;
    let reserved = 0;
    let sold = 0;
    for (const line of lines) {
      if (line.sku !== product.sku) continue;
      if (line.status === "pending_payment") reserved += line.quantity;
      else if (line.status !== "cancelled") sold += line.quantity;
    }
    if (here + reserved + sold !== product.initialStock) {
      problems.push(
        `${product.key}: on hand ${here} + reserved ${reserved} + sold ${sold} = ${here + reserved + sold}, it started with ${product.initialStock}`,
      );
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Plans: a plan that runs (active or past due, within its period or waiting for its renewal) has
// a paid, unrefunded line: the order that paid its period (a care plan: the order that bought it)
// is paid, shipped or delivered, with a charge that still holds money, and the plan's line in it
// was not refunded whole.

interface PlanRow {
  id: string;
  kind: string;
  status: string;
  sku: string;
  paying: string | null;
  order_status: string | null;
  total: number | null;
  subtotal: number | null;
  shipped_subtotal: number | null;
  tax: number | null;
  line_total: number | null;
  category: string | null;
  live_payments: number;
  ledger: number;
  after_sale: number;
}

async function plans(world: World, users: SQL): Promise<string[]> {
  const problems: string[] = [];
  const rows = await query<PlanRow>(
    world,
    sql`select m.id, m.kind, m.status, m.sku, coalesce(m.period_order_id, m.order_id) as paying,
          o.status as order_status, o.total_cents::int as total, o.subtotal_cents::int as subtotal,
          o.shipped_subtotal_cents::int as shipped_subtotal, o.tax_cents::int as tax, i.line_total_cents::int as line_total, p.category,
          (select count(*) from payments x where x.order_id = o.id and x.status in ('succeeded', 'partially_refunded'))::int as live_payments,
          coalesce((select sum(a.amount_cents) from refund_allocations a join refunds r on r.id = a.refund_id
                    where a.order_id = o.id and a.sku = m.sku and r.status in ${COUNTED}), 0)::int as ledger,
          coalesce((select sum(s.refunded_cents) from after_sale_requests s
                    where s.order_id = o.id and s.sku = m.sku and s.status = 'completed'), 0)::int as after_sale
        from memberships m
        left join orders o on o.id = coalesce(m.period_order_id, m.order_id)
        left join order_items i on i.order_id = o.id and i.sku = m.sku
        left join products p on p.sku = m.sku
        where m.user_id in (${users}) and m.status in ('active', 'past_due')
          and (m.ends_at > ${world.now.toISOString()}::timestamptz or m.auto_renew)`,
  );
  for (const plan of rows) {
    const name = `${label(world, plan.id)} (${plan.status})`;
    if (!plan.paying || plan.order_status === null) {
      problems.push(`${name} runs without an order that paid for it`);
      continue;
    }
    const order = label(world, plan.paying);
    // A cancelled order may leave a plan running when the plan's rule gave nothing back for it (a
    // monthly membership runs to the end of the month paid): its line is paid and not refunded, as
    // checked below, and it no longer renews.
    if (!["paid", "shipped", "delivered", "cancelled"].includes(plan.order_status))
      problems.push(`${name} runs, but ${order} that paid for it is ${plan.order_status}`);
    if ((plan.total ?? 0) > 0 && plan.live_payments === 0)
      problems.push(`${name} runs, but ${order} has no charge that still holds the money`);
    if (plan.line_total === null) {
      problems.push(`${name} runs, but ${order} has no line for ${plan.sku}`);
      continue;
    }
    const paid = linePaidCents({
      lineTotal: plan.line_total,
      subtotal: plan.subtotal ?? 0,
      shippedSubtotal: plan.shipped_subtotal ?? 0,
      tax: plan.tax ?? 0,
      category: plan.category,
    });
    const refunded = Math.max(plan.ledger, plan.after_sale);
    if (paid > 0 && refunded >= paid) {
      problems.push(
        `${name} runs, but its line in ${order} was refunded: ${cents(refunded)} of ${cents(paid)} (ledger ${cents(plan.ledger)}, after-sale ${cents(plan.after_sale)})`,
      );
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// One e-mail per event: no message twice (same recipient, subject and text), and every order that
// was paid has exactly one confirmation (a renewal: one receipt); an order never paid has none.

async function mail(world: World, users: SQL): Promise<string[]> {
  const problems: string[] = [];
  const emails = list(world.customers.map((customer) => customer.email));
  const twice = await query<{ recipient: string; subject: string; copies: number }>(
    world,
    sql`select recipient, subject, count(*)::int as copies from mail_outbox where recipient in (${emails})
        group by recipient, subject, body having count(*) > 1`,
  );
  for (const row of twice) {
    const who = world.customers.find((customer) => customer.email === row.recipient)?.label ?? row.recipient;
    problems.push(`${who} got "${row.subject}" ${row.copies} times, word for word`);
  }
  const confirmations = await query<{ id: string; was_paid: boolean; confirmations: number }>(
    world,
    sql`select o.id, o.paid_at is not null as was_paid,
          (select count(*) from mail_outbox m where m.recipient = u.email and m.subject in (${list(CONFIRMATION_SUBJECTS)})
             and strpos(m.body, o.id::text) > 0)::int as confirmations
        from orders o join users u on u.id = o.user_id where o.user_id in (${users})`,
  );
  for (const row of confirmations) {
    const expected = row.was_paid ? 1 : 0;
    if (row.confirmations !== expected) {
      problems.push(
        `${label(world, row.id)} (${row.was_paid ? "paid" : "never paid"}) has ${row.confirmations} confirmation e-mails, not ${expected}`,
      );
    }
  }
  // Each event of an order that tells its customer has exactly one e-mail naming the order's number,
  // and an order without the event has none (an expiry is recorded as "expired" and mails nobody).
  const events = await query<{ id: string; email: string; type: string; count: number }>(
    world,
    sql`select o.id, u.email, e.type, count(*)::int as count from order_events e
          join orders o on o.id = e.order_id join users u on u.id = o.user_id
        where o.user_id in (${users}) and e.type in (${list(ORDER_EVENT_MAILS.map(([event]) => event))})
        group by o.id, u.email, e.type`,
  );
  const sent = await query<{ recipient: string; template: string; body: string }>(
    world,
    sql`select recipient, template, body from mail_outbox
        where recipient in (${emails}) and template in (${list(ORDER_EVENT_MAILS.map(([, template]) => template))})`,
  );
  const orders = await query<{ id: string; email: string }>(
    world,
    sql`select o.id, u.email from orders o join users u on u.id = o.user_id where o.user_id in (${users})`,
  );
  for (const order of orders) {
    for (const [event, template] of ORDER_EVENT_MAILS) {
      const happened = events.find((row) => row.id === order.id && row.type === event)?.count ?? 0;
      const mails = sent.filter(
        (mail) => mail.recipient === order.email && mail.template === template && mail.body.includes(`#${orderNumber(order.id)}`),
      ).length;
      if (mails !== happened) {
        problems.push(`${label(world, order.id)} has ${happened} "${event}" event(s) but ${mails} such e-mail(s) naming it`);
      }
    }
  }
  return problems;
}

/** Every invariant not skipped, after a step; the problems found, tagged with their invariant. */
export async function checkInvariants(world: World): Promise<string[]> {
  const users = list(world.customers.map((customer) => customer.id));
  const tagged = (name: InvariantName, problems: readonly string[]) => problems.map((problem) => `[${name}] ${problem}`);
  const problems: string[] = [];
  const transitions = await observe(world);
  if (!world.skip.has("transitions")) problems.push(...tagged("transitions", transitions));
  const payments = world.skip.has("ledger") && world.skip.has("provider") ? [] : await paymentMoney(world, users);
  if (!world.skip.has("ledger")) problems.push(...tagged("ledger", await ledger(world, users, payments)));
  if (!world.skip.has("provider")) problems.push(...tagged("provider", await provider(world, payments)));
  if (!world.skip.has("stock")) problems.push(...tagged("stock", await stock(world)));
  if (!world.skip.has("plans")) problems.push(...tagged("plans", await plans(world, users)));
  if (!world.skip.has("mail")) problems.push(...tagged("mail", await mail(world, users)));
  return problems;
}
