import { createServer } from "node:http";

// A throwaway webhook endpoint for tests of the double (and of code that wants to see exactly what
// the double sends): it records each POST's raw body and Stripe-Signature header and answers with
// the status the test chooses.

export interface ReceivedWebhook {
  body: string;
  signature: string;
  /** Parsed `type` and `id` of the event, for quick assertions. */
  type: string;
  id: string;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** The status to answer the nth POST (1-based); 200 unless set. */
  respondWith(status: (attempt: number, webhook: ReceivedWebhook) => number): void;
  /** Resolves once `count` webhooks have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

function field(body: string, name: "type" | "id"): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && name in parsed) {
      const value: unknown = Reflect.get(parsed, name);
      return typeof value === "string" ? value : "";
    }
  } catch {
    // Not JSON: the assertions on `body` will say so.
  }
  return "";
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status: (attempt: number, webhook: ReceivedWebhook) => number = () => 200;
  let attempts = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signature = request.headers["stripe-signature"];
      const webhook: ReceivedWebhook = {
        body,
        signature: typeof signature === "string" ? signature : "",
        type: field(body, "type"),
        id: field(body, "id"),
      };
      attempts += 1;
      const answer = status(attempts, webhook);
      if (answer >= 200 && answer < 300) received.push(webhook);
      response.writeHead(answer, { "content-type": "application/json" }).end(JSON.stringify({ received: answer < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("webhook receiver has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}/webhooks/stripe`,
    received,
    respondWith(choose) {
      status = choose;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} webhooks, got ${received.length}: ${received.map((w) => w.type).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
