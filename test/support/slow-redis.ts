import { createServer, type Server, type Socket } from "node:net";

// A Redis stand-in that speaks just enough RESP for a readiness probe (INFO for the client's ready
// check, PING) and answers slowly on demand: what Redis looks like from a busy host, where a reply
// that is on its way arrives late. Replies keep the order of the commands, as Redis's do, so a
// command sent after a slow one waits for it.

export interface SlowRedis {
  url: string;
  /** Delays the next `count` PINGs by `ms` each (from when each is read). */
  slowDown(count: number, ms: number): void;
  close(): Promise<void>;
}

/** The commands of one RESP chunk (arrays of bulk strings), upper-cased names only. */
function commandsIn(chunk: string): string[] {
  const names: string[] = [];
  for (const match of chunk.matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)) names.push((match[1] ?? "").toUpperCase());
  return names;
}

export async function startSlowRedis(): Promise<SlowRedis> {
  const slow = { count: 0, ms: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    // Each reply waits for the one before it.
    let queue = Promise.resolve();
    socket.on("data", (data) => {
      for (const name of commandsIn(data.toString("latin1"))) {
        const delay = name === "PING" && slow.count > 0 ? (slow.count--, slow.ms) : 0;
        const reply = name === "PING" ? "+PONG\r\n" : name === "INFO" ? "$9\r\nloading:0\r\n" : "+OK\r\n";
        const readAt = Date.now();
        queue = queue.then(async () => {
          const wait = readAt + delay - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (!socket.destroyed) socket.write(reply);
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the stand-in has no port");
  return {
    url: `redis://127.0.0.1:${address.port}`,
    slowDown(count, ms) {
      slow.count = count;
      slow.ms = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
