// A cold start on an empty embedded database: `npm start` (scripts/serve.mjs) creates, migrates and
// seeds PGlite before it opens its port, so a visitor (or a proxy) arriving meanwhile is refused at
// once instead of waiting behind the migrations, and the first pages after "The shop is ready"
// answer as fast as any later one. Prints the figures; exits non-zero when any of that is not so.
//
//   npm run build && npm run test:cold-start
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";

const PORT = Number(process.env.COLD_START_PORT ?? 3180);
const BASE = `http://127.0.0.1:${PORT}`;
/** The slowest the first answers after the ready line may be: they were rendered before it. */
const FIRST_ANSWER_BUDGET_MS = 1_000;
/** A connection may be taken between listen() and the line that says so; not longer. */
const READY_LINE_GRACE_MS = 1_000;
const READY_WITHIN_MS = 180_000;
/** A stop with nothing in flight: the shutdown's own waits are a second or two. */
const STOP_WITHIN_MS = 15_000;
const dataDir = path.resolve(".data", `cold-start-${process.pid}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something takes a TCP connection on PORT now. */
function accepts(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(PORT, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function main(): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  if (await accepts()) throw new Error(`Port ${PORT} is taken before the shop starts; set COLD_START_PORT`);
  const startedAt = Date.now();
  const child = spawn(process.execPath, ["scripts/serve.mjs", "-H", "127.0.0.1", "-p", String(PORT)], {
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      SITE_URL: BASE,
      PGLITE_DIR: path.join(dataDir, "pglite"),
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      SMTP_URL: "",
      REDIS_URL: "",
      DATABASE_URL: "",
      SEED_DEMO_DATA: "true",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let readyAt: number | null = null;
  let pending = "";
  const lastLines: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    lastLines.push(...lines);
    lastLines.splice(0, Math.max(0, lastLines.length - 5));
    if (readyAt === null && lines.some((line) => line.includes("The shop is ready at"))) readyAt = Date.now();
  });
  const problems: string[] = [];
  let refusedProbes = 0;
  try {
    // Knock every 100 ms until the ready line: each knock that is answered before it is a visitor
    // who would have waited behind the database's creation.
    while (readyAt === null) {
      if (child.exitCode !== null) throw new Error(`The shop exited with ${child.exitCode} before it was ready`);
      if (Date.now() - startedAt > READY_WITHIN_MS) throw new Error(`No ready line within ${READY_WITHIN_MS / 1000} s`);
      const knockedAt = Date.now();
      if (await accepts()) {
        while (readyAt === null && Date.now() - knockedAt < READY_LINE_GRACE_MS) await sleep(10);
        if (readyAt === null)
          problems.push(
            `a connection was taken ${((knockedAt - startedAt) / 1000).toFixed(1)} s after start, before the shop said it was ready`,
          );
        break;
      }
      refusedProbes += 1;
      await sleep(100);
    }
    while (readyAt === null) await sleep(10);
    const readyMs = readyAt - startedAt;
    const firsts: string[] = [];
    for (const route of ["/", "/mart", "/api/v1/c/merchandise/list"]) {
      const asked = performance.now();
      const answer = await fetch(`${BASE}${route}`);
      const body = await answer.text();
      const tookMs = Math.round(performance.now() - asked);
      firsts.push(`${route} ${answer.status} in ${tookMs} ms`);
      if (answer.status !== 200) problems.push(`${route} answered ${answer.status}`);
      if (tookMs > FIRST_ANSWER_BUDGET_MS) problems.push(`${route} took ${tookMs} ms (budget ${FIRST_ANSWER_BUDGET_MS})`);
      if (route.startsWith("/api/") && !body.includes('"skuNum"')) problems.push(`${route} lists no product: the demo data was not seeded`);
    }
    console.log(
      `Cold start: ready ${(readyMs / 1000).toFixed(1)} s after start on an empty embedded database; ` +
        `${refusedProbes} connection attempts before it refused at once; first answers: ${firsts.join(", ")}.`,
    );
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const stoppingAt = Date.now();
    if (child.exitCode === null) child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WITHIN_MS)))]);
    clearTimeout(timer);
    if (child.exitCode === null) {
      problems.push(`still running ${STOP_WITHIN_MS / 1000} s after SIGTERM; its last lines: ${lastLines.join(" | ")}`);
      child.kill("SIGKILL");
      await exited;
    } else {
      console.log(`Stopped with ${child.exitCode} ${((Date.now() - stoppingAt) / 1000).toFixed(1)} s after SIGTERM.`);
      if (child.exitCode !== 0) problems.push(`exited with ${child.exitCode} on SIGTERM; its last lines: ${lastLines.join(" | ")}`);
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(`Cold start failed:\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(`Cold start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
