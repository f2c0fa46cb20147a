// @vitest-environment node
import { createServer, type Socket } from "node:net";
import { afterAll, expect, it, vi } from "vitest";
import { SMTP_TIMEOUTS_MS } from "@/lib/config/mail";

// A mail server that accepts the connection and never says hello: without our timeouts nodemailer
// would wait for it for minutes, with the customer watching "Sending…".
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
  "gives up on a server that never greets after the greeting timeout, with the customer's 503",
  async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const started = Date.now();
    await expect(sendMail({ to: "someone@example.com", subject: "Hello", text: "Hello" })).rejects.toMatchObject({
      code: 503,
      message: "We could not send the e-mail right now. Please try again in a few minutes.",
    });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(SMTP_TIMEOUTS_MS.greetingTimeout - 500);
    expect(waited).toBeLessThan(SMTP_TIMEOUTS_MS.greetingTimeout + 5_000);
    expect(logged).toHaveBeenCalledWith("Mail could not be sent:", expect.objectContaining({ code: "ETIMEDOUT" }));
  },
  SMTP_TIMEOUTS_MS.greetingTimeout + 10_000,
);
