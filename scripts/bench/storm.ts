// The flood gate against a burst, on the started production server: 400 wrong logins on made-up
// e-mails sent at the same instant, none solving the puzzle it is set, and the demo customer who
// logs in a second later as the login form does (solving the puzzle when asked); then the same with
// 400 code requests and a newcomer asking for a registration code. The shop runs with the shipped
// proof-of-work thresholds, on a database of its own, in a fresh process (so nothing is counted yet).
import { randomUUID } from "node:crypto";
import { PROOF_OF_WORK } from "@/lib/config/auth";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { formatProof, parseChallenge, PROOF_CHALLENGE_HEADER, PROOF_HEADER, PROOF_REQUIRED_STATUS } from "@/lib/proof-of-work/protocol";
import { solveChallenge } from "@/lib/proof-of-work/solver";
import { STORM_BUDGET } from "./budgets";
import type { Figure, Table } from "./report";
import { startShop } from "./shop-server";

type BurstKind = "login" | "code";

const CALLS: Record<BurstKind, { path: string; threshold: number; admittedStatus: number }> = {
  // A 401 is a password checked and found wrong: the answer comes only after the argon2 check.
  login: { path: "/api/v1/c/ulogin/login", threshold: PROOF_OF_WORK.defaultLoginFailuresPerMinute, admittedStatus: 401 },
  // A 200 is a code e-mail queued, one per answer (docs/api.md).
  code: { path: "/api/v1/c/ulogin/send/code", threshold: PROOF_OF_WORK.defaultCodeMailsPerHour, admittedStatus: 200 },
};

export interface CustomerRun {
  /** Every answer the customer's call met, in order (428 → 200 when asked for the puzzle), or the network error that ended it. */
  statuses: (number | string)[];
  puzzleBits: number[];
  solveMs: number;
  /** From the first request to the last answer, the puzzle solved on the way. */
  tookMs: number;
}

export interface BurstResult {
  kind: BurstKind;
  sent: number;
  threshold: number;
  statuses: Record<string, number>;
  /** Passwords checked (401), or code e-mails queued (200). */
  admitted: number;
  askedForPuzzle: number;
  unavailable: number;
  /** Until the burst's last answer. */
  burstMs: number;
  customer: CustomerRun;
}

async function send(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, baseUrl), {
    method: "POST",
    // What a browser sends with its own calls (the API refuses cross-site mutations).
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
}

/** A call sent as the shop's browser client sends it (lib/api/client.ts): a 428 puzzle is solved and the call sent again. */
async function asBrowser(baseUrl: string, path: string, body: unknown): Promise<CustomerRun> {
  const started = performance.now();
  const run: CustomerRun = { statuses: [], puzzleBits: [], solveMs: 0, tookMs: 0 };
  try {
    let response = await send(baseUrl, path, body);
    run.statuses.push(response.status);
    for (let tries = 0; tries < 2 && response.status === PROOF_REQUIRED_STATUS; tries += 1) {
      const challenge = parseChallenge(response.headers.get(PROOF_CHALLENGE_HEADER));
      if (!challenge) break;
      run.puzzleBits.push(challenge.bits);
      const solving = performance.now();
      const nonce = await solveChallenge(challenge);
      run.solveMs += performance.now() - solving;
      response = await send(baseUrl, path, body, { [PROOF_HEADER]: formatProof(challenge.token, nonce) });
      run.statuses.push(response.status);
    }
    await response.arrayBuffer();
  } catch (error) {
    run.statuses.push(networkError(error));
  }
  run.tookMs = performance.now() - started;
  return run;
}

/** What a request that got no answer met: the socket's error code (ECONNRESET …) or the error's name. */
function networkError(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && "code" in cause && typeof cause.code === "string") return cause.code;
  return error instanceof Error ? error.name : "error";
}

async function burst(baseUrl: string, kind: BurstKind, customerBody: unknown): Promise<BurstResult> {
  const { path, threshold, admittedStatus } = CALLS[kind];
  const run = randomUUID().slice(0, 8);
  const started = performance.now();
  const answers = Promise.all(
    Array.from({ length: STORM_BUDGET.burst }, async (_, index) => {
      const email = `storm-${kind}-${run}-${index}@example.com`;
      const body = kind === "login" ? { email, password: "not the password" } : { email, purpose: "register" };
      try {
        const response = await send(baseUrl, path, body);
        await response.arrayBuffer();
        return String(response.status);
      } catch (error) {
        return networkError(error);
      }
    }),
  ).then((statuses) => ({ statuses, burstMs: performance.now() - started }));
  await new Promise((resolve) => setTimeout(resolve, STORM_BUDGET.customerAfterMs - (performance.now() - started)));
  const customer = await asBrowser(baseUrl, path, customerBody);
  const { statuses, burstMs } = await answers;
  const counted: Record<string, number> = {};
  for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
  return {
    kind,
    sent: STORM_BUDGET.burst,
    threshold,
    statuses: counted,
    admitted: counted[String(admittedStatus)] ?? 0,
    askedForPuzzle: counted[String(PROOF_REQUIRED_STATUS)] ?? 0,
    unavailable: counted["503"] ?? 0,
    burstMs,
    customer,
  };
}

/** Starts a shop of its own with the shipped thresholds on `port`, sends both bursts, and stops it. */
export async function stormRuns(port: number): Promise<BurstResult[]> {
  const shop = await startShop("pglite", port, {
    settings: {
      PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE: String(PROOF_OF_WORK.defaultLoginFailuresPerMinute),
      PROOF_OF_WORK_CODE_MAILS_PER_HOUR: String(PROOF_OF_WORK.defaultCodeMailsPerHour),
    },
  });
  try {
    const customer = DEMO_ACCOUNTS.find((account) => account.role === "customer");
    if (!customer) throw new Error("No demo customer");
    // Load both routes once, as any server that has been up a while has: a body each refuses
    // before it is counted.
    for (const { path } of Object.values(CALLS)) await (await send(shop.url, path, {})).arrayBuffer();
    const login = await burst(shop.url, "login", { email: customer.email, password: customer.password });
    const code = await burst(shop.url, "code", { email: `storm-newcomer-${randomUUID()}@example.com`, purpose: "register" });
    return [login, code];
  } finally {
    await shop.stop();
  }
}

const count = (value: number, budget?: { limit: number; kind: "max" | "min" }): Figure => ({
  value,
  unit: "count",
  ...(budget ? { budget } : {}),
});

function others(result: BurstResult): string {
  const { admittedStatus } = CALLS[result.kind];
  const rest = Object.entries(result.statuses).filter(
    ([status]) => ![String(admittedStatus), String(PROOF_REQUIRED_STATUS), "503"].includes(status),
  );
  return rest.length ? rest.map(([status, times]) => `${times}× ${status}`).join(", ") : "none";
}

function customerPath(customer: CustomerRun): string {
  const puzzle = customer.puzzleBits.length
    ? ` (${customer.puzzleBits.map((bits) => `${bits} bits`).join(", ")}, solved in ${Math.round(customer.solveMs)} ms)`
    : "";
  return `${customer.statuses.join(" → ")}${puzzle}`;
}

export function stormTable(results: BurstResult[]): Table {
  return {
    title: `Flood gate (${STORM_BUDGET.burst} requests sent at once, none solving its puzzle; a customer ${STORM_BUDGET.customerAfterMs / 1000} s in, solving it as the browser does)`,
    columns: [
      "Burst",
      "Hashed / queued",
      "Asked for the puzzle (428)",
      "503",
      "Other answers",
      "Burst answered in",
      "Customer served (200)",
      "Customer's time",
      "Customer's answers",
    ],
    rows: results.map((result) => {
      const login = result.kind === "login";
      return {
        label: login
          ? `${result.sent} wrong logins, made-up e-mails (threshold ${result.threshold} failures a minute); the demo customer logs in`
          : `${result.sent} code requests, made-up e-mails (threshold ${result.threshold} e-mails an hour); a newcomer asks for a code`,
        cells: [
          count(result.admitted, { limit: result.threshold, kind: "max" }),
          count(result.askedForPuzzle, { limit: result.sent - result.threshold, kind: "min" }),
          count(result.unavailable, { limit: STORM_BUDGET.unavailable, kind: "max" }),
          others(result),
          { value: result.burstMs / 1000, unit: "s" },
          count(result.customer.statuses.at(-1) === 200 ? 1 : 0, { limit: 1, kind: "min" }),
          {
            value: result.customer.tookMs,
            unit: "ms",
            ...(login ? { budget: { limit: STORM_BUDGET.customerSignInMs, kind: "max" as const } } : {}),
          },
          customerPath(result.customer),
        ],
      };
    }),
    notes: [
      "Hashed: answers 401, each given only after the password's argon2 check; queued: answers 200, each one code e-mail in the outbox.",
      "The customer's time runs from the first request to the last answer and includes solving the puzzle (Node, the browser's solver); the newcomer's code has no budget: it waits for the database behind the e-mails admitted before it.",
    ],
  };
}
