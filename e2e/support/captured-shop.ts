import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";

// The production build started once more, beside the e2e server, with settings of a test's own, and
// everything it writes to stdout and stderr kept: for the tests that read the server's log.

export interface CapturedShop {
  url: string;
  /** stdout and stderr so far, in the order they came. */
  output(): string;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, exited: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("The shop exited before it answered");
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shop did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Starts `next start` on `port` with a fresh embedded database and `settings` on top of the defaults. */
export async function startCapturedShop(port: number, settings: Record<string, string>): Promise<CapturedShop> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.resolve(".data", `captured-shop-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      SITE_URL: url,
      PGLITE_DIR: path.join(dataDir, "pglite"),
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      SEED_DEMO_DATA: "true",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: string[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => chunks.push(chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => chunks.push(chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${chunks.join("")}`);
  }
  return { url, output: () => chunks.join(""), stop };
}
