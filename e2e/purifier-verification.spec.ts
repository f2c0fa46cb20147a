import { randomBytes } from "node:crypto";
import { CARE_SKU } from "@/lib/config/catalog";
import { ROUTES, productPath } from "@/lib/config/routes";
import { CARE_AWAITING_VERIFICATION_MESSAGE } from "@/lib/display/purifier-display";
import { TEST_ADDRESS, expect, registerFreshCustomer, test } from "./fixtures";
import {
  addPurifierThroughApi,
  attachProofThroughApi,
  buyNowThroughApi,
  payThroughApi,
  RECEIPT_PDF,
  signInAsOperator,
  signInThroughApi,
} from "./shop-api";
import { tapTargetProblems } from "./support/tap-targets";
import { axeViolations } from "./support/axe";

// A purifier bought elsewhere, from both sides (docs/decisions/0040): the customer adds it, reads
// why Lenwell Care waits and sends a proof of purchase from My purifiers; the operator finds it in
// the console's verification queue with its proof, rejects it with a reason the customer then
// reads, and verifies a better proof, after which the plan can be bought. Desktop and phone.

const aSerial = () => `RO-${randomBytes(4).toString("hex").toUpperCase()}`;

test.describe("verifying a purifier bought elsewhere", () => {
  test("the customer adds it, reads why Lenwell Care waits, and sends the proof of purchase", async ({ page }) => {
    test.slow();
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await page.goto(ROUTES.purifiers);
    const serial = aSerial();
    const add = page.getByRole("form", { name: "Add a purifier" });
    await add.getByLabel("Serial number").fill(serial);
    await add.getByLabel("Purchase date").fill("2026-01-15");
    await add.getByRole("button", { name: "Add purifier" }).click();

    const waiting = page.getByRole("region", { name: "Awaiting verification", exact: true });
    await expect(waiting).toContainText("Lenwell Care covers purifiers we can vouch for");
    await expect(waiting).toContainText("Attach its proof of purchase: a receipt or invoice that names the purifier");
    expect(await axeViolations(page)).toEqual([]);
    expect(await tapTargetProblems(page)).toEqual([]);

    // The care plan's page says the same, instead of a buy button the server would refuse.
    await page.goto(productPath(CARE_SKU));
    await expect(page.getByText(CARE_AWAITING_VERIFICATION_MESSAGE)).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    await page.getByRole("link", { name: "Open My purifiers" }).click();
    await expect(page).toHaveURL(ROUTES.purifiers);

    // Sending nothing says so; a PDF goes to the operators.
    const proof = page.getByRole("form", { name: "Proof of purchase of Lenwell RO600 Countertop Reverse-Osmosis Water Purifier" });
    await proof.getByRole("button", { name: "Send proof of purchase" }).click();
    await expect(proof.getByText("Choose the file of your proof of purchase.")).toBeVisible();
    await proof.getByLabel("Proof of purchase").setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF });
    await proof.getByRole("button", { name: "Send proof of purchase" }).click();
    const inReview = page.getByRole("region", { name: "Awaiting verification: proof received" });
    await expect(inReview).toContainText("We are checking your proof of purchase");
    const sent = inReview.getByRole("link", { name: /^receipt\.pdf, 1 KB, sent / });
    await expect(sent).toHaveAttribute("href", /\/api\/v1\/c\/purifier\/proof\?purifierId=/);
    // It is the server's: still there after a reload, and the file comes back as it was sent.
    await page.reload();
    await expect(page.getByRole("region", { name: "Awaiting verification: proof received" })).toBeVisible();
    const download = await page.request.get((await sent.getAttribute("href")) ?? "");
    expect(download.headers()["content-disposition"]).toBe(`attachment; filename="proof-of-purchase-${serial}.pdf"`);
    expect(Buffer.from(await download.body())).toEqual(RECEIPT_PDF);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the operator rejects with a reason the customer reads, then verifies a new proof, and the plan can be bought", async ({ page }) => {
    test.slow();
    const customer = await registerFreshCustomer(page, { address: TEST_ADDRESS });
    const serial = aSerial();
    const purifierId = await addPurifierThroughApi(page, serial);
    await attachProofThroughApi(page, purifierId);

    await signInAsOperator(page);
    await page.goto(ROUTES.console);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Verification" }).click();
    await expect(page).toHaveURL(ROUTES.consoleVerification);
    await expect(page.getByRole("heading", { level: 1, name: "Purifiers to verify" })).toBeVisible();
    const search = page.getByRole("search");
    await search.getByLabel("Serial number").fill(serial.toLowerCase());
    await search.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: serial });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText("Nothing else on record");
    await expect(row.getByRole("link", { name: /^receipt\.pdf, 1 KB, sent / })).toHaveAttribute(
      "href",
      `/api/v1/admin/purifiers/proof?purifierId=${purifierId}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(await tapTargetProblems(page)).toEqual([]);

    const reject = row.getByRole("form", { name: `Reject ${serial}` });
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(reject.getByText("Give the reason for the rejection (the customer reads it).").first()).toBeVisible();
    const reason = "The receipt shows a different model. Please attach the receipt for the RO600.";
    await reject.getByLabel("Reason (the customer reads it)").fill(reason);
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByText(`${serial} rejected. The customer is e-mailed the reason.`)).toBeVisible();
    await expect(page.getByText(`No purifier waiting for verification has a serial containing ${serial}.`)).toBeVisible();

    // The customer reads the reason, and sends a better file.
    await signInThroughApi(page, customer.email, customer.password);
    await page.goto(ROUTES.purifiers);
    const rejected = page.getByRole("region", { name: "Not verified" });
    await expect(rejected).toContainText(`Why we could not verify it: ${reason}`);
    const proof = rejected.getByRole("form");
    await proof
      .getByLabel("Send another file")
      .setInputFiles({ name: "ro600-receipt.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF });
    await proof.getByRole("button", { name: "Send proof of purchase" }).click();
    await expect(page.getByRole("region", { name: "Awaiting verification: proof received" })).toContainText("ro600-receipt.pdf");

    await signInAsOperator(page);
    await page.goto(`${ROUTES.consoleVerification}?serial=${serial}&status=in_review`);
    await page.getByRole("row").filter({ hasText: serial }).getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(`${serial} verified. The customer is e-mailed and may now buy Lenwell Care for it.`)).toBeVisible();

    // Verified: the care plan's page sells it, and the plan covers this purifier.
    await signInThroughApi(page, customer.email, customer.password);
    await page.goto(productPath(CARE_SKU));
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
    await payThroughApi(page, await buyNowThroughApi(page, CARE_SKU, 1));
    await page.goto(ROUTES.purifiers);
    await expect(page.getByText("Verified from proof of purchase.")).toBeVisible();
    await expect(page.getByText(/^Lenwell Care until /)).toBeVisible();
  });
});
