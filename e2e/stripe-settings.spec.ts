import { spawn } from "node:child_process";
import { expect, isMobileProject, test } from "./fixtures";

// The production build started with PAYMENT_PROVIDER=stripe and a bad key refuses to start, naming
// each problem, rather than starting and failing every payment.

function startWith(env: Record<string, string>, port: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
      env: { ...process.env, PGLITE_DIR: `.data/pglite-settings-${port}`, DATABASE_URL: "", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test("the server refuses to start on Stripe with a key missing or of the wrong kind", async ({}, info) => {
  test.skip(isMobileProject(info.project.name), "one server start is enough");
  test.setTimeout(60_000);
  const port = 3700 + info.workerIndex;
  const { code, output } = await startWith(
    {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "pk_test_a_publishable_key_in_the_wrong_place",
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_double_publishable_key",
      STRIPE_WEBHOOK_SECRET: "",
    },
    port,
  );
  expect(code).toBe(1);
  expect(output).toContain("The shop cannot start.");
  expect(output).toContain("STRIPE_SECRET_KEY: must be a secret key");
  expect(output).toContain("STRIPE_WEBHOOK_SECRET: is required with PAYMENT_PROVIDER=stripe");
});
