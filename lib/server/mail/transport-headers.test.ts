// @vitest-environment node
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";

// A reminder's List-Unsubscribe headers reach the message as sent (here: the file the transport
// writes without SMTP), so a mail client can offer its own unsubscribe button.

const dir = await mkdtemp(path.join(tmpdir(), "lenwell-mail-"));
vi.stubEnv("SMTP_URL", "");
vi.stubEnv("MAIL_OUTBOX_DIR", dir);
const { sendMail } = await import("./transport");

afterAll(() => rm(dir, { recursive: true, force: true }));

it("writes the message's extra headers, and none on a message without them", async () => {
  const oneClick = "https://shop.example/api/v1/c/reminders/unsubscribe?token=abc.def";
  await sendMail({
    messageId: "<reminder@shop.test>",
    to: "reminded@example.com",
    subject: "Your pre-filter is due",
    text: "Hello",
    headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  await sendMail({ messageId: "<order@shop.test>", to: "ordered@example.com", subject: "Your order", text: "Hello" });
  const files = await readdir(dir);
  // Long header lines are folded (RFC 5322): unfolded here to read them whole.
  const read = async (who: string) =>
    (await readFile(path.join(dir, files.find((name) => name.includes(who)) ?? "missing"), "utf8")).replace(/\r?\n[ \t]+/g, " ");
  const reminder = await read("reminded@example.com");
  expect(reminder).toContain(`List-Unsubscribe: <${oneClick}>`);
  expect(reminder).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(await read("ordered@example.com")).not.toContain("List-Unsubscribe");
});
