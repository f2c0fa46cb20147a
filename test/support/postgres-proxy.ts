import net from "node:net";

// A TCP stand-in between the shop's pool and the machine's PostgreSQL, for the failures the real
// server cannot be made to show on a shared machine: the server gone (the port refuses, open
// connections reset), and the FATAL refusals a server sends a new connection while it starts up,
// after a crash or once its database is dropped. Otherwise it forwards bytes untouched.

type Mode = { kind: "forward" } | { kind: "refuse-at-startup"; code: string; message: string };

/** The field of an ErrorResponse: its one-letter type, then a NUL-terminated string. */
function field(type: string, value: string): Buffer {
  return Buffer.concat([Buffer.from(type, "ascii"), Buffer.from(value, "utf8"), Buffer.from([0])]);
}

/** A FATAL ErrorResponse message of PostgreSQL's wire protocol (v3), as the server sends it before closing. */
function fatalErrorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([field("S", "FATAL"), field("V", "FATAL"), field("C", code), field("M", message), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write("E", 0, "ascii");
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

export class PostgresProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private mode: Mode = { kind: "forward" };
  private listenPort = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** The stand-in for `databaseUrl`: the same user, password and database, through this proxy. */
  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.listenPort);
    return url.href;
  }

  /** Starts listening (again on the same port after `goAway`), forwarding every new connection. */
  async listen(): Promise<void> {
    this.mode = { kind: "forward" };
    if (this.server) return;
    const server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.listenPort, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    const address = server.address();
    if (typeof address !== "object" || address === null) throw new Error("The proxy has no port");
    this.listenPort = address.port;
    this.server = server;
  }

  /** The server gone from the network: the port refuses new connections and open ones are reset. */
  async goAway(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.dropConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Open connections are reset and every new one is answered with a FATAL error of `code`, as a
   * server does while it starts up (57P03), after a crash (57P02), or once its database is dropped
   * (57P04), until `listen()` forwards again.
   */
  refuseAtStartup(code: string, message: string): void {
    this.mode = { kind: "refuse-at-startup", code, message };
    this.dropConnections();
  }

  async close(): Promise<void> {
    await this.goAway();
  }

  private dropConnections(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    // A reset peer is what this stand-in is for; its error must not escape as an uncaught one.
    socket.on("error", () => socket.destroy());
  }

  private accept(client: net.Socket): void {
    this.track(client);
    const mode = this.mode;
    if (mode.kind === "refuse-at-startup") {
      // The startup message is one length-prefixed packet; the server answers it, then closes.
      let received = Buffer.alloc(0);
      client.on("data", (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        if (received.length >= 4 && received.length >= received.readInt32BE(0)) client.end(fatalErrorResponse(mode.code, mode.message));
      });
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }
}
