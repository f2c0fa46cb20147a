// @vitest-environment node
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROOF_MAX_BYTES } from "@/lib/config/purifiers";
import { cartItems, memberships, purifierProofs, purifiers } from "@/lib/db/schema";
import { CARE_AWAITING_VERIFICATION_MESSAGE, CARE_NOT_VERIFIED_MESSAGE } from "@/lib/display/purifier-display";
import { operatorVerificationListSchema, purifierListSchema, purifierSchema, type Purifier } from "@/lib/schemas/purifier";
import { dataOf, read } from "@/test/support/answer";
import { buyNowAs, payAs } from "@/test/support/money";
import { mailsTo } from "@/test/support/after-sale";
import {
  aSerial,
  addPurifierAs,
  attachProofAs,
  deliverAs,
  JPEG_PROOF,
  PDF_PROOF,
  paidOrderAs,
  PNG_PROOF,
  proofRequest,
  shipAs,
  verifiedPurifier,
  verifyAs,
} from "@/test/support/purifiers";
import { apiRequest, HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as checkoutRoute } from "../merchandise/cart/checkout/route";
import { POST as cartAddRoute } from "../order/cart/add/route";
import { POST as rejectRoute } from "../../admin/purifiers/reject/route";
import { GET as operatorProofRoute } from "../../admin/purifiers/proof/route";
import { GET as queueRoute } from "../../admin/purifiers/verifications/route";
import { GET as listRoute } from "./list/route";
import { PUT as editRoute } from "./edit/route";
import { GET as proofRoute, POST as proofUploadRoute } from "./proof/route";

// Lenwell Care covers only purifiers the shop can vouch for (docs/decisions/0040): one it shipped
// the customer, or one an operator verified from a proof of purchase. A serial a customer types is
// their word, not the shop's: it waits for verification, and adding it answers the same whether or
// not somebody else has it.

const PURIFIER = "LW-RO600";
const CARE = "LW-CARE-2Y";

describeEachEngine("who Lenwell Care may cover, on $name", (engine) => {
  const db = databaseForSuite(engine);

  const cartAdd = async (who: Customer, sku = CARE) =>
    read(await cartAddRoute(apiRequest("POST", "/api/v1/c/order/cart/add/", { skuNum: sku, quantity: 1 }, { token: who.token })));
  const checkout = async (who: Customer) =>
    read<{ orderId: string }>(await checkoutRoute(apiRequest("POST", "/api/v1/c/merchandise/cart/checkout", {}, { token: who.token })));
  const list = async (who: Customer) =>
    purifierListSchema.parse(
      dataOf(await read(await listRoute(apiRequest("GET", "/api/v1/c/purifier/list", undefined, { token: who.token })))),
    ).list;
  const reject = async (admin: Customer, body: unknown) =>
    read<Purifier>(await rejectRoute(apiRequest("POST", "/api/v1/admin/purifiers/reject", body, { token: admin.token })));
  const carePlans = async (who: Customer) =>
    db()
      .db.select()
      .from(memberships)
      .where(and(eq(memberships.userId, who.id), eq(memberships.kind, "care")));
  /** Every way to buy the plan is refused with `message`, and no plan comes of it. */
  const expectCareRefused = async (who: Customer, message: string) => {
    const added = await cartAdd(who);
    expect({ status: added.status, errmsg: added.body.errmsg }).toEqual({ status: 409, errmsg: message });
    const bought = await buyNowAs(who, CARE);
    expect({ status: bought.status, errmsg: bought.body.errmsg }).toEqual({ status: 409, errmsg: message });
    // A plan already in the cart (put there before the rule) is refused at checkout.
    await db().db.insert(cartItems).values({ userId: who.id, sku: CARE, quantity: 1 }).onConflictDoNothing();
    const checkedOut = await checkout(who);
    expect({ status: checkedOut.status, errmsg: checkedOut.body.errmsg }).toEqual({ status: 409, errmsg: message });
    await db().db.delete(cartItems).where(eq(cartItems.userId, who.id));
    expect(await carePlans(who)).toEqual([]);
  };
  /** A delivered purifier order of `who`, shipped with `serial`. */
  const deliveredWithSerial = async (admin: Customer, who: Customer, serial: string) => {
    const orderId = await paidOrderAs(who, PURIFIER);
    dataOf(await shipAs(admin, orderId, [{ skuNum: PURIFIER, serials: [serial] }]));
    dataOf(await deliverAs(admin, orderId));
    return orderId;
  };

  describe("a purifier the customer adds", () => {
    it("is awaiting verification, and a made-up serial buys no care plan: not in the cart, at checkout, buying now or paying", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const added = purifierSchema.parse(dataOf(await addPurifierAs(who, { serial: aSerial("FAKE"), purchasedOn: "2026-01-10" })));
      expect(added).toMatchObject({ verification: "awaiting_proof", rejectReason: null, proof: null, source: "customer", orderId: null });
      await expectCareRefused(who, CARE_AWAITING_VERIFICATION_MESSAGE);

      // An unpaid care order from before this rule (its purifier counted then) is refused at payment.
      await db().db.update(purifiers).set({ verification: "verified" }).where(eq(purifiers.id, added.purifierId));
      const { orderId } = dataOf(await buyNowAs(who, CARE));
      await db().db.update(purifiers).set({ verification: "awaiting_proof" }).where(eq(purifiers.id, added.purifierId));
      const paid = await payAs(who, orderId);
      expect({ status: paid.status, errmsg: paid.body.errmsg }).toEqual({ status: 409, errmsg: CARE_AWAITING_VERIFICATION_MESSAGE });
      expect(await carePlans(who)).toEqual([]);

      // With a proof attached it still waits: the proof is not the verification.
      expect(dataOf(await attachProofAs(who, added.purifierId)).verification).toBe("in_review");
      await expectCareRefused(who, CARE_AWAITING_VERIFICATION_MESSAGE);
    });

    it("can be covered once an operator verified it from its proof of purchase, and the customer is told", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const serial = aSerial();
      const added = dataOf(await addPurifierAs(who, { serial, purchasedOn: "2026-01-10" }));
      const inReview = purifierSchema.parse(dataOf(await attachProofAs(who, added.purifierId)));
      expect(inReview).toMatchObject({ verification: "in_review", proof: { contentType: "application/pdf", fileName: "receipt.pdf" } });
      expect(inReview.proof?.size).toBe(PDF_PROOF.length);

      const verified = dataOf(await verifyAs(admin, added.purifierId));
      expect(verified).toMatchObject({ verification: "verified", purifierId: added.purifierId });
      const [row] = await db().db.select().from(purifiers).where(eq(purifiers.id, added.purifierId));
      expect(row).toMatchObject({ reviewedBy: admin.id, rejectReason: null });
      expect((await mailsTo(who.email)).map((mail) => mail.subject)).toContain("Your Lenwell purifier is verified");

      expect((await cartAdd(who)).status).toBe(200);
      await paidOrderAs(who, CARE);
      const [plan] = await carePlans(who);
      expect(plan).toMatchObject({ status: "active", purifierId: added.purifierId });
      expect((await list(who))[0]?.care).toMatchObject({ status: "active" });
      // Verified is for good: nothing more to attach, verify or reject.
      expect((await attachProofAs(who, added.purifierId)).status).toBe(409);
      expect((await verifyAs(admin, added.purifierId)).status).toBe(409);
      expect((await reject(admin, { purifierId: added.purifierId, reason: "Second thoughts" })).status).toBe(409);
    });

    it("rejected, buys no care plan; the customer reads the reason and may send another proof", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const added = dataOf(await addPurifierAs(who, { serial: aSerial(), purchasedOn: "2026-01-10" }));
      dataOf(await attachProofAs(who, added.purifierId, PNG_PROOF));
      const reason = "The receipt names a different product. Please attach the receipt of the purifier.";

      expect((await reject(admin, { purifierId: added.purifierId, reason: "  " })).body.errors).toEqual([
        { path: "reason", message: "Give the reason for the rejection (the customer reads it)." },
      ]);
      const rejected = dataOf(await reject(admin, { purifierId: added.purifierId, reason }));
      expect(rejected).toMatchObject({ verification: "rejected", rejectReason: reason });
      expect((await list(who))[0]).toMatchObject({ verification: "rejected", rejectReason: reason, proof: { contentType: "image/png" } });
      const mail = (await mailsTo(who.email)).find((sent) => sent.subject === "We could not verify your Lenwell purifier");
      expect(mail?.text).toContain(reason);
      await expectCareRefused(who, CARE_NOT_VERIFIED_MESSAGE);
      // Rejected is not verified, and not rejected twice.
      expect((await verifyAs(admin, added.purifierId)).status).toBe(409);
      expect((await reject(admin, { purifierId: added.purifierId, reason })).status).toBe(409);

      // A new proof puts it back in the queue, and the old reason goes.
      const again = dataOf(await attachProofAs(who, added.purifierId, JPEG_PROOF));
      expect(again).toMatchObject({ verification: "in_review", rejectReason: null, proof: { contentType: "image/jpeg" } });
    });

    it("is only verified from a proof, and not while the shop's records put its serial elsewhere", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const buyer = await makeCustomer(db(), { address: HOUSTON });
      const claimant = await makeCustomer(db(), { address: HOUSTON });
      const noProof = dataOf(await addPurifierAs(claimant, { serial: aSerial(), purchasedOn: "2026-01-10" }));
      const refused = await verifyAs(admin, noProof.purifierId);
      expect({ status: refused.status, errmsg: refused.body.errmsg }).toEqual({
        status: 409,
        errmsg: "No proof of purchase is attached yet: there is nothing to verify.",
      });
      // A made-up serial needs no proof to be turned down.
      expect(dataOf(await reject(admin, { purifierId: noProof.purifierId, reason: "No such serial was ever made." })).verification).toBe(
        "rejected",
      );

      const shippedSerial = aSerial();
      const orderId = await deliveredWithSerial(admin, buyer, shippedSerial);
      const claim = dataOf(await addPurifierAs(claimant, { serial: shippedSerial, purchasedOn: "2026-01-10" }));
      dataOf(await attachProofAs(claimant, claim.purifierId));
      const clash = await verifyAs(admin, claim.purifierId);
      expect(clash.status).toBe(409);
      expect(clash.body.errmsg).toContain(`Serial number ${shippedSerial} is on a purifier we shipped in order #`);
      expect(clash.body.errmsg).toContain(orderId.slice(0, 8).toUpperCase());
      expect((await list(claimant)).find((unit) => unit.purifierId === claim.purifierId)?.verification).toBe("in_review");

      // Verified for one customer, the serial cannot be verified for another.
      const first = await makeCustomer(db());
      const second = await makeCustomer(db());
      const serial = aSerial();
      await verifiedPurifier(first, admin, { serial });
      const secondClaim = dataOf(await addPurifierAs(second, { serial, purchasedOn: "2026-02-01" }));
      dataOf(await attachProofAs(second, secondClaim.purifierId));
      const twice = await verifyAs(admin, secondClaim.purifierId);
      expect({ status: twice.status, errmsg: twice.body.errmsg }).toEqual({
        status: 409,
        errmsg: `Serial number ${serial} is already verified on a purifier of ${first.email}.`,
      });
      // Customers cannot call the operator's calls.
      expect((await verifyAs(claimant, claim.purifierId)).status).toBe(403);
      expect((await reject(claimant, { purifierId: claim.purifierId, reason: "Mine" })).status).toBe(403);
    });
  });

  describe("a purifier the shop shipped", () => {
    it("is vouched for when its order is delivered, and can be covered", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const serial = aSerial();
      const orderId = await deliveredWithSerial(admin, who, serial);
      const [unit] = await list(who);
      expect(unit).toMatchObject({ serial, source: "order", orderId, verification: "shipped", proof: null });
      // Nothing to prove, nothing for an operator to decide.
      expect((await attachProofAs(who, unit?.purifierId ?? "")).status).toBe(409);
      expect((await reject(admin, { purifierId: unit?.purifierId, reason: "Not ours" })).status).toBe(409);

      expect((await cartAdd(who)).status).toBe(200);
      await paidOrderAs(who, CARE);
      expect((await carePlans(who))[0]).toMatchObject({ status: "active", purifierId: unit?.purifierId });
    });

    it("is vouched for when the customer types the serial of their own order on its way, and registered once when it arrives", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const serial = aSerial();
      const orderId = await paidOrderAs(who, PURIFIER);
      dataOf(await shipAs(admin, orderId, [{ skuNum: PURIFIER, serials: [serial] }]));
      const added = dataOf(await addPurifierAs(who, { serial: serial.toLowerCase(), purchasedOn: "2026-01-10" }));
      expect(added).toMatchObject({ serial, verification: "shipped", orderId });
      await paidOrderAs(who, CARE);
      expect((await carePlans(who))[0]?.purifierId).toBe(added.purifierId);

      dataOf(await deliverAs(admin, orderId));
      expect((await list(who)).map((unit) => [unit.purifierId, unit.verification])).toEqual([[added.purifierId, "shipped"]]);
      // The same serial again is the customer's own: said plainly, it reveals nobody else's.
      const twice = await addPurifierAs(who, { serial, purchasedOn: "2026-01-10" });
      expect({ status: twice.status, errmsg: twice.body.errmsg }).toEqual({
        status: 409,
        errmsg: "This purifier is already under My purifiers.",
      });
    });

    it("takes over the customer's own earlier registration of that serial when the order is delivered", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const serial = aSerial();
      const early = dataOf(await addPurifierAs(who, { serial, purchasedOn: "2026-01-10" }));
      expect(early.verification).toBe("awaiting_proof");
      const orderId = await deliveredWithSerial(admin, who, serial);
      expect((await list(who)).map((unit) => [unit.purifierId, unit.verification, unit.orderId])).toEqual([
        [early.purifierId, "shipped", orderId],
      ]);
      expect((await cartAdd(who)).status).toBe(200);
    });

    it("ships over a customer's unverified claim of its serial: only the shop's records block a serial", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const claimant = await makeCustomer(db());
      const buyer = await makeCustomer(db(), { address: HOUSTON });
      const serial = aSerial();
      dataOf(await addPurifierAs(claimant, { serial, purchasedOn: "2026-01-10" }));
      const orderId = await deliveredWithSerial(admin, buyer, serial);
      expect((await list(buyer))[0]).toMatchObject({ serial, orderId, verification: "shipped" });
      expect((await list(claimant))[0]).toMatchObject({ serial, verification: "awaiting_proof" });

      // A verified serial is the shop's record: shipping it again is refused.
      const verified = await verifiedPurifier(await makeCustomer(db()), admin);
      const another = await paidOrderAs(buyer, PURIFIER);
      const clash = await shipAs(admin, another, [{ skuNum: PURIFIER, serials: [verified.serial] }]);
      expect(clash.status).toBe(409);
      expect(clash.body.errors?.[0]?.path).toBe("serials.0.serials.0");
    });
  });

  describe("adding someone else's serial", () => {
    /** What an answer says once the values that differ for any two purifiers are set aside. */
    const shape = (answer: Awaited<ReturnType<typeof addPurifierAs>>) => ({
      status: answer.status,
      code: answer.body.code,
      errmsg: answer.body.errmsg,
      keys: Object.keys(answer.body).sort(),
      data: answer.body.data && {
        ...answer.body.data,
        purifierId: "…",
        serial: "…",
        registeredAt: "…",
        stages: answer.body.data.stages.map((stage) => ({ ...stage })),
      },
    });

    it("answers exactly as a new serial does, whether the other purifier was shipped, verified or only claimed", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const owner = await makeCustomer(db(), { address: HOUSTON });
      const shipped = aSerial();
      await deliveredWithSerial(admin, owner, shipped);
      const verified = (await verifiedPurifier(await makeCustomer(db()), admin)).serial ?? "";
      const claimed = aSerial();
      dataOf(await addPurifierAs(await makeCustomer(db()), { serial: claimed, purchasedOn: "2026-01-10" }));

      const prober = await makeCustomer(db(), { address: HOUSTON });
      const body = (serial: string) => ({ serial, purchasedOn: "2026-01-10", installedOn: "2026-01-12" });
      const fresh = shape(await addPurifierAs(prober, body(aSerial())));
      expect(fresh).toMatchObject({ status: 200, data: { verification: "awaiting_proof", source: "customer", orderId: null } });
      for (const taken of [shipped, verified, claimed]) {
        expect(shape(await addPurifierAs(prober, body(taken))), taken).toEqual(fresh);
      }
      // Setting the serial of a purifier registered without one tells nothing either.
      const elsewhere = aSerial();
      await deliveredWithSerial(admin, owner, elsewhere);
      const noSerialOrder = await paidOrderAs(prober, PURIFIER);
      dataOf(await shipAs(admin, noSerialOrder));
      dataOf(await deliverAs(admin, noSerialOrder));
      const unit = (await list(prober)).find((candidate) => candidate.orderId === noSerialOrder);
      const edited = await read<Purifier>(
        await editRoute(
          apiRequest("PUT", "/api/v1/c/purifier/edit", { purifierId: unit?.purifierId, serial: elsewhere }, { token: prober.token }),
        ),
      );
      expect(dataOf(edited)).toMatchObject({ serial: elsewhere, verification: "shipped" });
      // The owner's own purifiers are untouched, and none of the claims is vouched for.
      expect((await list(owner)).map((unit) => [unit.serial, unit.verification])).toEqual([
        [elsewhere, "shipped"],
        [shipped, "shipped"],
      ]);
      expect(
        (await list(prober)).filter((candidate) => candidate.source === "customer").map((candidate) => candidate.verification),
      ).toEqual(["awaiting_proof", "awaiting_proof", "awaiting_proof", "awaiting_proof"]);
    });

    it("shows the operator each claim beside the other purifiers and shipments of its serial", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const owner = await makeCustomer(db(), { address: HOUSTON });
      const serial = aSerial();
      const orderId = await deliveredWithSerial(admin, owner, serial);
      const prober = await makeCustomer(db());
      const claim = dataOf(await addPurifierAs(prober, { serial, purchasedOn: "2026-01-10" }));
      dataOf(await attachProofAs(prober, claim.purifierId));

      const queue = async (query: string, token = admin.token) =>
        read(await queueRoute(apiRequest("GET", `/api/v1/admin/purifiers/verifications${query}`, undefined, { token })));
      const found = operatorVerificationListSchema.parse(dataOf(await queue(`?serial=${serial}`)));
      expect(found.total).toBe(1);
      expect(found.list[0]).toMatchObject({
        purifierId: claim.purifierId,
        verification: "in_review",
        customer: { id: prober.id, email: prober.email },
        proof: { contentType: "application/pdf" },
        otherClaims: [{ customerEmail: owner.email, verification: "shipped" }],
        shipments: [{ orderId, customerEmail: owner.email }],
      });
      // The queue holds only what waits: with a proof, without one, or both.
      expect(operatorVerificationListSchema.parse(dataOf(await queue(`?serial=${serial}&status=awaiting_proof`))).total).toBe(0);
      const waiting = operatorVerificationListSchema.parse(dataOf(await queue("?pageSize=100")));
      expect(waiting.list.every((unit) => unit.verification === "in_review" || unit.verification === "awaiting_proof")).toBe(true);
      expect((await queue("", prober.token)).status).toBe(403);
    });
  });

  describe("the proof of purchase", () => {
    const upload = async (who: Customer | null, fields: Record<string, string>, file?: Parameters<typeof proofRequest>[2]) =>
      read<Purifier>(await proofUploadRoute(proofRequest(who?.token ?? null, fields, file)));

    it("is a PDF, JPEG or PNG by its first bytes, at most 5 MB, on the customer's own purifier", async () => {
      const who = await makeCustomer(db());
      const stranger = await makeCustomer(db());
      const { purifierId } = dataOf(await addPurifierAs(who, { serial: aSerial(), purchasedOn: "2026-01-10" }));

      // Named and declared a PDF, but an HTML page: refused for what it is.
      const html = Buffer.from("<html><script>alert(1)</script></html>");
      const disguised = await upload(who, { purifierId }, { bytes: html, name: "receipt.pdf", type: "application/pdf" });
      expect({ status: disguised.status, errors: disguised.body.errors }).toEqual({
        status: 415,
        errors: [{ path: "file", message: "Attach your proof of purchase as a PDF, JPEG or PNG file." }],
      });
      const gif = Buffer.from("GIF89a\u0001\u0000\u0001\u0000");
      expect((await upload(who, { purifierId }, { bytes: gif, name: "receipt.gif", type: "image/gif" })).status).toBe(415);
      const tooLarge = Buffer.concat([PDF_PROOF, Buffer.alloc(PROOF_MAX_BYTES)]);
      const large = await upload(who, { purifierId }, { bytes: tooLarge });
      expect({ status: large.status, errmsg: large.body.errmsg }).toEqual({
        status: 413,
        errmsg: "The file is too large: a proof of purchase may be at most 5 MB.",
      });
      expect((await upload(who, { purifierId })).body.errors).toEqual([
        { path: "file", message: "Choose the file of your proof of purchase." },
      ]);
      expect((await upload(who, { purifierId }, { bytes: Buffer.alloc(0) })).status).toBe(422);
      expect((await upload(who, { purifierId: "not-an-id" }, { bytes: PDF_PROOF })).status).toBe(422);
      // JSON is not an upload.
      const json = await read(await proofUploadRoute(apiRequest("POST", "/api/v1/c/purifier/proof", { purifierId }, { token: who.token })));
      expect(json.status).toBe(415);
      // Another customer's purifier answers as one that does not exist; nobody signed in, 401.
      expect((await upload(stranger, { purifierId }, { bytes: PDF_PROOF })).status).toBe(404);
      expect((await upload(who, { purifierId: randomUUID() }, { bytes: PDF_PROOF })).status).toBe(404);
      expect((await upload(null, { purifierId }, { bytes: PDF_PROOF })).status).toBe(401);
      // None of the refusals stored anything or moved the purifier.
      expect(await db().db.select().from(purifierProofs).where(eq(purifierProofs.purifierId, purifierId))).toEqual([]);
      expect((await list(who))[0]?.verification).toBe("awaiting_proof");

      const named = await upload(who, { purifierId }, { bytes: PDF_PROOF, name: "../../etc/Receipt <May>.pdf" });
      expect(dataOf(named).proof).toMatchObject({ fileName: "Receipt _May_.pdf", contentType: "application/pdf" });
    });

    it("is sent back, as a download, only to its owner and to operators", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db());
      const stranger = await makeCustomer(db());
      const serial = aSerial();
      const { purifierId } = dataOf(await addPurifierAs(who, { serial, purchasedOn: "2026-01-10" }));
      const get = (token: string) =>
        proofRoute(apiRequest("GET", `/api/v1/c/purifier/proof?purifierId=${purifierId}`, undefined, { token }));
      const none = await read(await get(who.token));
      expect({ status: none.status, errmsg: none.body.errmsg }).toEqual({
        status: 404,
        errmsg: "This purifier has no proof of purchase attached.",
      });
      dataOf(await attachProofAs(who, purifierId, JPEG_PROOF));

      const mine = await get(who.token);
      expect(mine.status).toBe(200);
      expect(Buffer.from(await mine.arrayBuffer())).toEqual(JPEG_PROOF);
      expect(Object.fromEntries(mine.headers)).toMatchObject({
        "content-type": "image/jpeg",
        "content-disposition": `attachment; filename="proof-of-purchase-${serial}.jpg"`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": "private, no-store",
      });
      expect((await read(await get(stranger.token))).status).toBe(404);

      const asOperator = (token: string) =>
        operatorProofRoute(apiRequest("GET", `/api/v1/admin/purifiers/proof?purifierId=${purifierId}`, undefined, { token }));
      const operatorCopy = await asOperator(admin.token);
      expect(operatorCopy.status).toBe(200);
      expect(Buffer.from(await operatorCopy.arrayBuffer())).toEqual(JPEG_PROOF);
      expect((await read(await asOperator(who.token))).status).toBe(403);
    });
  });

  it("keeps a customer to five purifiers waiting for verification at once", async () => {
    const who = await makeCustomer(db());
    for (let index = 0; index < 5; index += 1) dataOf(await addPurifierAs(who, { serial: aSerial(), purchasedOn: "2026-01-10" }));
    const sixth = await addPurifierAs(who, { serial: aSerial(), purchasedOn: "2026-01-10" });
    expect(sixth.status).toBe(409);
    expect(sixth.body.errmsg).toMatch(/^You have 5 purifiers waiting for verification\./);
  });
});
