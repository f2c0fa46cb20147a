// One client flooding the shop with cheap calls: `connections` keep-alive connections from one source
// address, each sending the next request as soon as the last is answered, for `seconds`. Run as a
// process of its own by the two-instance test (under `nice`: on a real attack the flooder's CPU is
// not the shop's machine's); prints one JSON line with what it sent and what it got.
//
//   tsx scripts/cluster/flood.ts <url> <source address> <connections> <seconds>
import http from "node:http";

const [url = "", from = "127.0.0.1", connectionsArg = "100", secondsArg = "10"] = process.argv.slice(2);
const connections = Number(connectionsArg);
const endAt = Date.now() + Number(secondsArg) * 1000;
const agent = new http.Agent({ keepAlive: true, localAddress: from, maxSockets: connections });
const statuses = new Map<number, number>();

function once(): Promise<void> {
  return new Promise((resolve) => {
    const count = (status: number) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      resolve();
    };
    const request = http.get(url, { agent, timeout: 10_000 }, (response) => {
      response.resume();
      response.on("end", () => count(response.statusCode ?? 0));
      response.on("error", () => count(0));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => count(0));
  });
}

async function connection(): Promise<void> {
  while (Date.now() < endAt) await once();
}

const startedAt = Date.now();
await Promise.all(Array.from({ length: connections }, connection));
agent.destroy();
const requests = [...statuses.values()].reduce((sum, count) => sum + count, 0);
process.stdout.write(`${JSON.stringify({ requests, seconds: (Date.now() - startedAt) / 1000, statuses: Object.fromEntries(statuses) })}\n`);
