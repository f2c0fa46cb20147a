// A stand-in for Docker's embedded DNS, for the two-instance test: it answers every A question with
// the addresses of the instances whose "container" runs now, as Docker answers a service's name
// with the addresses of its running replicas. An instance is listed from the moment its process is
// started (before it listens, as a container is) until its process has exited. Only what HAProxy's
// resolvers ask is understood: one A question per query; anything else gets an empty answer.
import { createSocket, type Socket } from "node:dgram";

export interface ServiceDns {
  /** The address HAProxy's `nameserver` points at (host:port). */
  address: string;
  /** Lists `ip` while `running` has not settled (a process's exit). */
  listWhile(ip: string, running: Promise<unknown>): void;
  /** The addresses answered now. */
  listed(): string[];
  close(): Promise<void>;
}

const TYPE_A = 1;
const CLASS_IN = 1;

/** The end of the question's name (the byte after its terminating zero), from offset 12. */
function questionEnd(query: Buffer): number {
  let offset = 12;
  while (offset < query.length) {
    const length = query[offset] ?? 0;
    if (length === 0) return offset + 1;
    offset += length + 1;
  }
  throw new Error("a DNS question without the end of its name");
}

function answer(query: Buffer, addresses: string[]): Buffer {
  const nameEnd = questionEnd(query);
  const type = query.readUInt16BE(nameEnd);
  const question = query.subarray(12, nameEnd + 4);
  const records = type === TYPE_A ? addresses : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // A response (QR), recursion desired and available, no error.
  header.writeUInt16BE(0x8180, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((ip) => {
    const record = Buffer.alloc(16);
    // The name: a pointer to the question's, at offset 12.
    record.writeUInt16BE(0xc00c, 0);
    record.writeUInt16BE(TYPE_A, 2);
    record.writeUInt16BE(CLASS_IN, 4);
    // TTL 0: when HAProxy asks again is its `hold valid` (the shipped 2 s).
    record.writeUInt32BE(0, 6);
    record.writeUInt16BE(4, 10);
    ip.split(".").forEach((part, index) => record.writeUInt8(Number(part), 12 + index));
    return record;
  });
  return Buffer.concat([header, question, ...answers]);
}

export async function startServiceDns(port: number): Promise<ServiceDns> {
  const running = new Map<string, number>();
  const socket: Socket = createSocket("udp4");
  socket.on("message", (query, peer) => {
    try {
      socket.send(answer(query, [...running.keys()]), peer.port, peer.address);
    } catch {
      // Not a question this stand-in understands: no answer, as from a lost packet.
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, "127.0.0.1", () => resolve());
  });
  return {
    address: `127.0.0.1:${port}`,
    listWhile(ip, until) {
      running.set(ip, (running.get(ip) ?? 0) + 1);
      void until.finally(() => {
        const count = (running.get(ip) ?? 1) - 1;
        if (count > 0) running.set(ip, count);
        else running.delete(ip);
      });
    },
    listed: () => [...running.keys()],
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
