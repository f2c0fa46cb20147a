// @vitest-environment node
import { createServer, type Socket } from "node:net";
import { afterAll, expect, it, vi } from "vitest";
import { SMTP_TIMEOUTS_MS } from "@/lib/config/mail";

// A mail server that accepts the connection and never says hello: without our timeouts nodemailer
// would wait for it for minutes, holding the outbox worker.
const sockets = new Set<Socket>();
const silent = createServer((socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
});
const port = await new Promise<number>((resolve) => {
  silent.listen(0, "127.0.0.1", () => {
    const address = silent.address();
    resolve(address && typeof address === "object" ? address.port : 0);
  });
});
// The environment is parsed when lib/config/env.ts is first imported, so set it before that.
vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
const { sendMail } = await import("./transport");

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

it(
  "gives up on a server that never greets after the greeting timeout, so the outbox worker can try again later",
  async () => {
    const started = Date.now();
    await expect(
      sendMail({ messageId: "<hello@shop.test>", to: "someone@example.com", subject: "Hello", text: "Hello" }),
    ).rejects.toMatchObject({ code: "ETIMEDOUT" });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(SMTP_TIMEOUTS_MS.greetingTimeout - 500);
    expect(waited).toBeLessThan(SMTP_TIMEOUTS_MS.greetingTimeout + 5_000);
  },
  SMTP_TIMEOUTS_MS.greetingTimeout + 10_000,
);
