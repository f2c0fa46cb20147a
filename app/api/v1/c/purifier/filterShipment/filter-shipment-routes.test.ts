// @vitest-environment node
import { expect, it } from "vitest";
import { addCalendarMonths, addDays } from "@/lib/rules/calendar-day";
import { memberships, purifiers } from "@/lib/db/schema";
import type { ReminderSettings, UpcomingFilterShipments } from "@/lib/schemas/filter-shipments";
import { reminderUnsubscribe } from "@/lib/server/reminders";
import { storeDate } from "@/lib/server/shipping/dates";
import { dataOf, read } from "@/test/support/answer";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { apiRequest, makeCustomer, type Customer } from "@/test/support/shop";
import { GET as list } from "./list/route";
import { POST as postpone } from "./postpone/route";
import { POST as skip } from "./skip/route";
import { GET as getReminders, POST as setReminders } from "../../user/reminders/route";
import { GET as unsubscribeGet, POST as unsubscribe } from "../../reminders/unsubscribe/route";

// The member's upcoming filter shipments, skip and postpone, and the reminder list (the account
// switch and the signed unsubscribe link) through the real route handlers, on today's date.

const DAY = 86_400_000;

describeEachEngine("filter shipment and reminder calls on $name", (engine) => {
  const handle = databaseForSuite(engine);
  const today = storeDate(new Date());

  /** A member whose purifier's pre-filter is due in about a month. */
  async function memberWithPurifier(): Promise<{ who: Customer; purifierId: string; dueOn: string }> {
    const who = await makeCustomer(handle());
    const now = Date.now();
    await handle()
      .db.insert(memberships)
      .values({ userId: who.id, kind: "membership", sku: "LW-MEM-Y", startsAt: new Date(now - DAY), endsAt: new Date(now + 365 * DAY) });
    const installedOn = addCalendarMonths(addDays(today, 30), -6);
    const [row] = await handle()
      .db.insert(purifiers)
      .values({ userId: who.id, sku: "LW-RO600", source: "customer", purchasedOn: installedOn, installedOn })
      .returning({ id: purifiers.id });
    if (!row) throw new Error("no purifier");
    return { who, purifierId: row.id, dueOn: addCalendarMonths(installedOn, 6) };
  }

  const upcoming = async (token: string) =>
    dataOf(
      await read<UpcomingFilterShipments>(await list(apiRequest("GET", "/api/v1/c/purifier/filterShipment/list", undefined, { token }))),
    );

  it("lists the next shipment with its order day, postpones it once, then skips it", async () => {
    const { who, purifierId, dueOn } = await memberWithPurifier();
    const before = await upcoming(who.token);
    expect(before.member).toBe(true);
    expect(before.shipments).toEqual([
      {
        purifierId,
        serial: null,
        dueOn,
        shipFor: dueOn,
        orderOn: addDays(dueOn, -14),
        status: "scheduled",
        filters: [{ stage: 1, skuNum: "LW-F1-PP", name: "Composite pre-filter (PP + carbon)" }],
        canPostpone: true,
      },
    ]);

    const body = { purifierId, dueOn };
    const postponed = dataOf(
      await read<UpcomingFilterShipments>(
        await postpone(apiRequest("POST", "/api/v1/c/purifier/filterShipment/postpone", body, { token: who.token })),
      ),
    );
    expect(postponed.shipments[0]).toMatchObject({
      dueOn,
      shipFor: addDays(dueOn, 30),
      orderOn: addDays(dueOn, 16),
      status: "postponed",
      canPostpone: false,
    });
    const again = await read(await postpone(apiRequest("POST", "/api/v1/c/purifier/filterShipment/postpone", body, { token: who.token })));
    expect(again.status).toBe(409);
    expect(again.body.errmsg).toContain("already postponed");

    const skipped = dataOf(
      await read<UpcomingFilterShipments>(
        await skip(apiRequest("POST", "/api/v1/c/purifier/filterShipment/skip", body, { token: who.token })),
      ),
    );
    expect(skipped.shipments[0]?.dueOn).not.toBe(dueOn);
    expect(skipped.shipments[0]?.filters.map((filter) => filter.skuNum)).toContain("LW-F1-PP");
  });

  it("answers 404 for another customer's purifier and 422 for a malformed date", async () => {
    const { purifierId, dueOn } = await memberWithPurifier();
    const stranger = await makeCustomer(handle());
    const theirs = await read(
      await skip(apiRequest("POST", "/api/v1/c/purifier/filterShipment/skip", { purifierId, dueOn }, { token: stranger.token })),
    );
    expect(theirs.status).toBe(404);
    const bad = await read(
      await skip(
        apiRequest("POST", "/api/v1/c/purifier/filterShipment/skip", { purifierId, dueOn: "2026-02-30" }, { token: stranger.token }),
      ),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]).toMatchObject({ path: "dueOn" });
  });

  it("turns reminders off from the signed link without a session (one-click too) and back on from the account", async () => {
    const who = await makeCustomer(handle());
    const settings = async () =>
      dataOf(
        await read<ReminderSettings>(await getReminders(apiRequest("GET", "/api/v1/c/user/reminders", undefined, { token: who.token }))),
      );
    expect(await settings()).toEqual({ subscribed: true });

    const { headers, url } = reminderUnsubscribe(who.id);
    const oneClick = (headers["List-Unsubscribe"] ?? "").slice(1, -1);
    // A mail client's one-click POST: form-encoded, from its own servers, no session, no Origin.
    const path = new URL(oneClick).pathname + new URL(oneClick).search;
    const answer = await read(
      await unsubscribe(
        new Request(`http://shop.test${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      ),
    );
    expect(answer).toMatchObject({ status: 200, body: { data: { subscribed: false } } });
    expect(await settings()).toEqual({ subscribed: false });
    expect(new URL(url).pathname).toBe("/reminders/unsubscribe");

    // A link opened (GET) never unsubscribes: scanners follow links.
    const opened = await unsubscribeGet(new Request(`http://shop.test${path}`));
    expect(opened.status).toBe(405);

    const back = dataOf(
      await read<ReminderSettings>(
        await setReminders(apiRequest("POST", "/api/v1/c/user/reminders", { subscribed: true }, { token: who.token })),
      ),
    );
    expect(back).toEqual({ subscribed: true });
    expect(await settings()).toEqual({ subscribed: true });
  });

  it("refuses an altered token with a clear message", async () => {
    const who = await makeCustomer(handle());
    const token = new URL(reminderUnsubscribe(who.id).url).searchParams.get("token") ?? "";
    const altered = `${token.slice(0, 5)}${token[5] === "A" ? "B" : "A"}${token.slice(6)}`;
    const answer = await read(
      await unsubscribe(apiRequest("POST", `/api/v1/c/reminders/unsubscribe?token=${encodeURIComponent(altered)}`)),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errmsg).toBe("This unsubscribe link is not valid. Sign in and turn reminders off on your account page instead.");
  });
});
