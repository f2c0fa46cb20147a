// What a request's bookkeeping costs the shop's server (issue 29): its id, the context its log lines
// are written in, and its "request completed" line. The cheapest answer the shop gives, the product
// page from the front of the page cache (docs/decisions/0052), is where that share is largest: it is
// measured on two PGlite shops alike but for one setting, LOG_LEVEL=info (the default: a line per
// request) and LOG_LEVEL=warn (none), as CPU per request from /proc, which unlike requests/s does
// not depend on what else shares the cores. The line alone is also timed in this process.
import { Writable } from "node:stream";
import { createLogger } from "@/lib/log/logger";
import { cpuSeconds } from "../cluster/instances";
import { PRODUCT_ROUTE } from "./budgets";
import type { Table } from "./report";
import { startShop, type ShopOptions } from "./shop-server";
import { load } from "./throughput";

export interface BookkeepingRun {
  logLevel: "info" | "warn";
  requestsPerSecond: number;
  cpuMsPerRequest: number;
  total: number;
  failed: number;
}

export interface Bookkeeping {
  runs: BookkeepingRun[];
  /** The request line written in this process to a stream that discards it, µs a line. */
  lineUs: number;
}

const LINES = 50_000;

/** The shop's request line, as lib/server/log/request-tracking.ts writes it, to a stream that drops it. */
function requestLineMicroseconds(): number {
  const logger = createLogger({ level: "info", destination: new Writable({ write: (_chunk, _encoding, done) => done() }) });
  const write = (count: number) => {
    for (let index = 0; index < count; index += 1)
      logger.info({ requestId: `bench-${index}`, method: "GET", path: PRODUCT_ROUTE, status: 200, durationMs: 1.3 }, "request completed");
  };
  write(LINES / 10);
  const startedAt = performance.now();
  write(LINES);
  return ((performance.now() - startedAt) * 1000) / LINES;
}

export async function bookkeepingRuns(port: number, durationS: number, options: ShopOptions = {}): Promise<Bookkeeping> {
  const runs: BookkeepingRun[] = [];
  for (const logLevel of ["info", "warn"] as const) {
    const shop = await startShop("pglite", port, { ...options, server: "shop", settings: { ...options.settings, LOG_LEVEL: logLevel } });
    try {
      let cpuBefore = 0;
      const result = await load({
        url: `${shop.url}${PRODUCT_ROUTE}`,
        durationS,
        afterWarmUp: async () => void (cpuBefore = cpuSeconds([shop.pid])),
      });
      const cpu = cpuSeconds([shop.pid]) - cpuBefore;
      const answered = Math.max(1, result.total - result.non2xx);
      runs.push({
        logLevel,
        requestsPerSecond: result.requestsPerSecond,
        cpuMsPerRequest: (cpu * 1000) / answered,
        total: result.total,
        failed: result.non2xx + result.errors,
      });
    } finally {
      await shop.stop();
    }
  }
  return { runs, lineUs: requestLineMicroseconds() };
}

export function bookkeepingTable({ runs, lineUs }: Bookkeeping, durationS: number): Table {
  const logged = runs.find((run) => run.logLevel === "info");
  const quiet = runs.find((run) => run.logLevel === "warn");
  const lineCostUs = logged && quiet ? (logged.cpuMsPerRequest - quiet.cpuMsPerRequest) * 1000 : null;
  return {
    title: `What a request's bookkeeping costs (${PRODUCT_ROUTE} from the front of the page cache, PGlite, 10 connections, ${durationS} s)`,
    columns: ["Server", "Requests/s", "CPU per request", "Failed"],
    rows: runs.map((run) => ({
      label:
        run.logLevel === "info" ? "LOG_LEVEL=info: a request line for every request (the default)" : "LOG_LEVEL=warn: no request lines",
      cells: [
        { value: run.requestsPerSecond, unit: "req/s" },
        { value: run.cpuMsPerRequest * 1000, unit: "µs" },
        { value: run.failed, unit: "count", outOf: run.total, budget: { limit: 0, kind: "max" } },
      ],
    })),
    notes: [
      `The request line costs ${lineCostUs === null ? "–" : `${lineCostUs.toFixed(0)} µs`} of the server's CPU a request (the difference of the two rows, within the machine's noise); written alone in the bench's process, ${lineUs.toFixed(1)} µs a line. Its stdout is buffered (docs/decisions/0058).`,
      "Both rows pay the rest of the bookkeeping: the request's id (X-Request-Id, from Node's http channel) and the context its lines are written in (AsyncLocalStorage). Tracing costs nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set.",
      "CPU per request: utime + stime of the server process (from /proc) over the measured seconds, divided by the requests answered.",
    ],
  };
}
