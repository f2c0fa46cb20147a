// @vitest-environment node
import { createServer } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { afterAll, expect, it } from "vitest";
import { countRequestsInFlight, drainRequests, REQUEST_ARRIVAL_GRACE_MS } from "./shutdown";
import { markShuttingDown } from "./state";

// A plain Node http server stands in for `next start`, which serves through the same module. A proxy
// that opens one connection per request (the shipped HAProxy) may have its connection accepted just
// before SIGTERM and write its request just after: that request must be answered, not cut.

const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.setHeader("Content-Type", "text/plain");
    response.end(`answered ${request.method ?? ""}`);
  });
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Everything the server sends on `socket` until it closes the connection. */
function readUntilClosed(socket: Socket): Promise<{ text: string; error?: Error }> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    socket.on("error", (error) => resolve({ text, error }));
    socket.on("close", () => resolve({ text }));
  });
}

it("answers a request written on a connection accepted just before the shutdown, then refuses new connections", async () => {
  const tracked = countRequestsInFlight();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // The counter learns the server from its first request, as in production.
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("answered GET");

  const accepted = new Promise<void>((resolve) => server.once("connection", () => resolve()));
  const proxied = connect(port, "127.0.0.1");
  const answer = readUntilClosed(proxied);
  await accepted;

  markShuttingDown();
  // The process exits once this resolves: it must not before the accepted connection was answered.
  let answeredFirst: boolean | undefined;
  const drained = drainRequests(tracked).then(() => (answeredFirst ??= false));
  void answer.then(() => (answeredFirst ??= true));
  await sleep(REQUEST_ARRIVAL_GRACE_MS / 4);
  proxied.write("POST /api/v1/c/order HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");

  const { text, error } = await answer;
  expect(error).toBeUndefined();
  expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(text.toLowerCase()).toContain("connection: close");
  expect(text).toContain("answered POST");

  await drained;
  expect(answeredFirst).toBe(true);
  const late = connect(port, "127.0.0.1");
  const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    late.once("error", resolve);
    late.once("connect", () => resolve(null));
  });
  expect(refused?.code).toBe("ECONNREFUSED");
});

// A client in a thread of its own connects and writes its request while this thread is busy: the
// kernel completes the connection and queues it, but Node has not accepted it when the shutdown
// begins. Closing the listener then would reset it after the request was written, and a proxy
// cannot send that POST elsewhere.
const QUEUED_CLIENT = `
const { parentPort, workerData } = require("node:worker_threads");
const net = require("node:net");
parentPort.once("message", () => {
  const socket = net.connect(workerData.port, "127.0.0.1", () => {
    socket.write("POST /queued HTTP/1.1\\r\\nHost: shop\\r\\nContent-Length: 2\\r\\n\\r\\n{}");
  });
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk;
    if (text.includes("answered")) parentPort.postMessage({ text });
  });
  socket.on("error", (error) => parentPort.postMessage({ text, error: error.code }));
  socket.on("close", () => parentPort.postMessage({ text }));
});
`;

it("answers a request on a connection the kernel queued but Node had not accepted when the shutdown began", async () => {
  const queuedServer = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.end(`answered ${request.method ?? ""}`));
  });
  await new Promise<void>((resolve) => queuedServer.listen(0, "127.0.0.1", resolve));
  const tracked = countRequestsInFlight();
  tracked.servers.add(queuedServer);
  const { port } = queuedServer.address() as AddressInfo;
  const worker = new Worker(QUEUED_CLIENT, { eval: true, workerData: { port } });
  const answer = new Promise<{ text: string; error?: string }>((resolve) => worker.once("message", resolve));
  worker.postMessage("go");
  // This thread busy, as an instance's event loop under load: the client connects and writes meanwhile.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  const drained = drainRequests(tracked);
  const { text, error } = await answer;
  await drained;
  await worker.terminate();
  expect(error).toBeUndefined();
  expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(text).toContain("answered POST");
});

// The shipped HAProxy sees /api/ready answer 503 only at its next checks (about 2 s at worst) and
// sends new requests here until then: for the drain delay the listener stays open and answers each,
// closing the connection after it, and only then closes.
it("keeps listening and answering, with Connection: close, for the drain delay, then refuses connections", async () => {
  const drainingServer = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.end(`answered ${request.method ?? ""}`));
  });
  await new Promise<void>((resolve) => drainingServer.listen(0, "127.0.0.1", resolve));
  const tracked = countRequestsInFlight();
  tracked.servers.add(drainingServer);
  const { port } = drainingServer.address() as AddressInfo;
  markShuttingDown();

  const drainDelayMs = 800;
  let drainedAt: number | undefined;
  const startedAt = Date.now();
  const drained = drainRequests(tracked, drainDelayMs).then(() => (drainedAt = Date.now()));
  // A new connection after the signal, half-way through the delay, as the proxy opens one per request.
  await sleep(drainDelayMs / 2);
  const answer = await fetch(`http://127.0.0.1:${port}/during-drain`, { method: "POST", body: "{}" });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("connection")).toBe("close");
  expect(await answer.text()).toBe("answered POST");
  expect(drainedAt).toBeUndefined();

  await drained;
  expect((drainedAt ?? 0) - startedAt).toBeGreaterThanOrEqual(drainDelayMs);
  const late = connect(port, "127.0.0.1");
  const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    late.once("error", resolve);
    late.once("connect", () => resolve(null));
  });
  expect(refused?.code).toBe("ECONNREFUSED");
});
