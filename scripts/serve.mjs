// The shop's production server: `npm start` runs it from here, and scripts/standalone.sh puts it in
// the standalone folder as its server.js (the image's `node server.js`, the two-instance test's).
//
// Next's own servers (`next start`, the standalone server.js Next writes) open the port first and
// only then run instrumentation's register(): checking the settings, opening, migrating and seeding
// the database, starting the jobs. Connections accepted meanwhile wait, so a proxy sends requests
// to an instance that cannot answer them for seconds (a fresh embedded database: 47 s), and "Ready"
// is printed before any of it. Here the port is opened last:
//   1. Next's request handlers are made, which runs register() (the same call `next start` and
//      Next's custom-server API make: next/dist/server/lib/start-server's getRequestHandlers);
//   2. on a private loopback port, GET /api/ready is asked until it answers 200 (the database and
//      Redis answer), and the home page, the store and one product page are rendered once, so the
//      first visitors do not pay for loading their code;
//   3. the port is opened and one line says the shop is ready, with its address.
// Until then a connection to the port is refused, which a proxy retries on another instance at once
// (deploy/haproxy: retry-on conn-failure), POSTs too, since nothing was sent.
//
// Settings: PORT (3000), HOSTNAME (standalone: 0.0.0.0, as Next's server; `npm start`: every
// interface, as `next start`, since a shell's HOSTNAME is the machine's name), KEEP_ALIVE_TIMEOUT
// (65000 ms, docs/decisions/0019); `--port`/`-p` and `--hostname`/`-H` override the first two.
import { readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { hostname as machineName } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FRONT_CACHE_HOOK, FrontCache, shopResponse } from "./front-cache.mjs";

const startedAt = Date.now();
const here = path.dirname(fileURLToPath(import.meta.url));
// From scripts/ the build is in the project folder; in the standalone folder, beside this file.
const standalone = path.basename(here) !== "scripts";
const dir = standalone ? here : path.dirname(here);

/** The value of `--name`/`-n` on the command line, if given. */
function argument(long, short) {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => arg === long || arg === short);
  return index === -1 ? undefined : args[index + 1];
}

const port = Number.parseInt(argument("--port", "-p") ?? process.env.PORT ?? "", 10) || 3000;
const hostname = argument("--hostname", "-H") ?? (standalone ? process.env.HOSTNAME || "0.0.0.0" : undefined);
const keepAliveSetting = Number.parseInt(process.env.KEEP_ALIVE_TIMEOUT ?? "", 10);
const keepAliveTimeout = Number.isFinite(keepAliveSetting) && keepAliveSetting >= 0 ? keepAliveSetting : 65_000;
const shownHost =
  !hostname || hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname.includes(":") ? `[${hostname}]` : hostname;
const url = `http://${shownHost}:${port}`;

// The shop's log is JSON lines on stdout (lib/log/logger.ts); these few lines have the same shape.
const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"];
const threshold = LEVELS.indexOf(process.env.LOG_LEVEL || "info");
function log(level, msg, fields = {}) {
  if (process.env.LOG_LEVEL === "silent" || LEVELS.indexOf(level) < threshold) return;
  const line = { level, time: new Date().toISOString(), pid: process.pid, hostname: machineName(), ...fields, msg };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

process.env.NODE_ENV = "production";
process.chdir(dir);
if (standalone) {
  // What Next's standalone server.js sets: the build's own settings, so next.config.ts (not in the
  // folder) is not looked for.
  const { config } = JSON.parse(readFileSync(path.join(dir, ".next", "required-server-files.json"), "utf8"));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify({ ...config, distDir: "./.next" });
}
// What Next's server sets once it listens, before it makes its handlers: its own address.
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = url;

const require = createRequire(path.join(dir, "package.json"));
require("next");
const { getRequestHandlers } = require("next/dist/server/lib/start-server");

// Cached pages answered again without Next (front-cache.mjs); the app and the cache handler find it here.
const front = new FrontCache();
globalThis[FRONT_CACHE_HOOK] = front;

let handlers;
async function handle(request, response) {
  try {
    if (front.answer(request, response)) return;
    await handlers.requestHandler(request, response);
  } catch (error) {
    // What Next's own server does with a request its handler threw on.
    // The path alone: a query string can carry a sign-in link's token.
    log(
      "error",
      `Failed to handle request for ${(request.url ?? "").split("?")[0]}: ${error instanceof Error ? error.message : String(error)}`,
    );
    if (!response.headersSent) response.statusCode = 500;
    response.end("Internal Server Error");
  }
}

const ShopResponse = shopResponse(front);
const server = http.createServer({ ServerResponse: ShopResponse }, handle);
server.keepAliveTimeout = keepAliveTimeout;
server.on("upgrade", (request, socket, head) => {
  handlers.upgradeHandler(request, socket, head).catch(() => socket.destroy());
});

/** Resolves once `target` listens on `listenPort`/`listenHost`; a failure to listen ends the process. */
function listen(target, listenPort, listenHost) {
  return new Promise((resolve) => {
    const failed = (error) => {
      log("fatal", `The shop cannot listen on ${listenHost ?? "every interface"}:${listenPort}: ${error.message}`);
      process.exit(1);
    };
    target.once("error", failed);
    target.listen(listenPort, listenHost, () => {
      target.off("error", failed);
      resolve();
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the instance's own /api/ready until it answers 200, saying every 10 s what it waits for. */
async function untilReady(origin) {
  let lastSaid = Date.now();
  for (;;) {
    let reason;
    try {
      const answer = await fetch(`${origin}/api/ready`, { headers: { "x-request-id": "start-readiness" } });
      if (answer.ok) return;
      const body = await answer.json().catch(() => null);
      reason = `/api/ready answered ${answer.status} (failed: ${body?.data?.failed?.join(", ") || "?"})`;
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() - lastSaid >= 10_000) {
      log("warn", `Not opening port ${port} yet: ${reason}`, { reason });
      lastSaid = Date.now();
    }
    await sleep(500);
  }
}

/** Renders the pages visitors arrive on once; a failure is logged, never fatal (the shop may have no catalogue yet). */
async function warmUp(origin) {
  const paths = ["/", "/mart"];
  for (let index = 0; index < paths.length; index += 1) {
    const route = paths[index];
    try {
      const answer = await fetch(`${origin}${route}`, { headers: { "x-request-id": "start-warm-up" } });
      const html = await answer.text();
      if (!answer.ok) log("warn", `Warm-up: ${route} answered ${answer.status}`, { path: route, status: answer.status });
      // The first product the store lists: the product pages share one route's code.
      const product = route === "/mart" ? /href="(\/mart\/detail\/[^"?#]+)"/.exec(html)?.[1] : undefined;
      if (product) paths.push(product);
    } catch (error) {
      log("warn", `Warm-up: ${route} failed: ${error instanceof Error ? error.message : String(error)}`, { path: route });
    }
  }
}

try {
  // No hostname for Next: given one, its router addresses itself by it while the middleware builds
  // its rewrites on "localhost", so every rewrite (a 404, cached search results) looks like another
  // origin's and is proxied over HTTP back to this process. Without, both say "localhost"; the
  // address listened on is this file's business (e2e/rewrites.spec.ts).
  handlers = await getRequestHandlers({ dir, port, isDev: false, server, keepAliveTimeout });
} catch (error) {
  log("fatal", `The shop cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
}

const gate = http.createServer({ ServerResponse: ShopResponse }, handle);
await listen(gate, 0, "127.0.0.1");
const gateOrigin = `http://127.0.0.1:${gate.address().port}`;
await untilReady(gateOrigin);
await warmUp(gateOrigin);
await new Promise((resolve) => {
  gate.close(resolve);
  gate.closeAllConnections();
});

await listen(server, port, hostname);
const startupMs = Date.now() - startedAt;
log("info", `The shop is ready at ${url} (started in ${(startupMs / 1000).toFixed(1)} s)`, { url, startupMs });
