import { createServer, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";
import { readMail, type ReadMail } from "@/lib/server/mail/outbox-reader";

// A real SMTP server for integration tests, on a free local port, keeping every message it gets.

export interface CaughtMail extends ReadMail {
  /** The envelope's recipients (RCPT TO), which is where the message really goes. */
  rcptTo: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  messages: CaughtMail[];
  /** Messages whose envelope goes to `to`, in arrival order. */
  to: (to: string) => CaughtMail[];
  close: () => Promise<void>;
}

/** `port`: listen there (an SMTP server that comes back where it was down); a free one by default. */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP without login, as a local relay would offer it; no certificate to trust.
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // The shop keeps its SMTP connection open between messages (lib/config/mail.ts SMTP_POOL): on
    // close, end it at once with a 421, as a mail server going down does, instead of after 30 s.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({ ...readMail(raw), raw, rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
        callback();
      });
    },
  });
  const listening = await new Promise<number>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.server.address();
      if (address && typeof address === "object") resolve(address.port);
      else reject(new Error("The test SMTP server has no port"));
    });
  });
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    to: (to) => messages.filter((message) => message.rcptTo.includes(to)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nothing listens on: an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      if (address && typeof address === "object") resolve(address.port);
      else reject(new Error("No free port"));
    });
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface SilentSmtpServer {
  url: string;
  close: () => Promise<void>;
}

/** A mail server that accepts connections and never greets: a hung server, which only timeouts end. */
export async function startSilentSmtpServer(): Promise<SilentSmtpServer> {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve, reject) => {
    silent.once("error", reject);
    silent.listen(0, "127.0.0.1", () => {
      const address = silent.address();
      if (address && typeof address === "object") resolve(address.port);
      else reject(new Error("No free port"));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    },
  };
}
