// Visitors of the two-instance test as the proxy sees them: each from an address of its own on this
// machine (any 127/8 address is the loopback's), since the shipped proxy counts requests per client
// address. Node's http client, whose connections can be bound to a local address (fetch's cannot
// without a dispatcher of the undici package, which the project does not depend on).
import http from "node:http";

export interface Answer {
  /** 0 when no answer came (connection refused or reset, or the 30 s limit passed). */
  status: number;
  body: string;
  startedAt: number;
  ms: number;
}

const agents = new Map<string, http.Agent>();

/** One keep-alive agent per source address, as one browser keeps its connections. */
function agentFor(localAddress: string): http.Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, localAddress });
    agents.set(localAddress, agent);
  }
  return agent;
}

/** Sends one request from `from`, answering its status, body and time; never throws. */
export function send(
  url: string,
  options: { from: string; method?: "GET" | "POST"; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  const startedAt = Date.now();
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    // What a browser sends with the shop's own calls (the API refuses cross-site mutations).
    headers["sec-fetch-site"] = "same-origin";
  }
  return new Promise((resolve) => {
    const done = (status: number, text: string) => resolve({ status, body: text, startedAt, ms: Date.now() - startedAt });
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers, agent: agentFor(options.from), timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => done(response.statusCode ?? 0, Buffer.concat(chunks).toString("utf8")));
        // A body cut off mid-way acknowledged nothing.
        response.on("aborted", () => done(0, ""));
        response.on("error", () => done(0, ""));
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer within 30 s")));
    request.on("error", () => done(0, ""));
    request.end(body);
  });
}

/** Closes every visitor's idle connections. */
export function closeVisitors(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** Figures of a set of answers: count, statuses, and the time quantiles and maximum in ms. */
export function summarise(answers: Answer[]): { count: number; failed: Answer[]; p50: number; p99: number; max: number; statuses: string } {
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return {
    count: answers.length,
    failed: answers.filter((answer) => answer.status < 200 || answer.status >= 400),
    p50: at(0.5),
    p99: at(0.99),
    max: times[times.length - 1] ?? 0,
    statuses: [...counts].map(([status, count]) => `${count}× ${status === 0 ? "no answer" : status}`).join(", "),
  };
}
