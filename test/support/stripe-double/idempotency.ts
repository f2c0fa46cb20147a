// Stripe's idempotency (https://docs.stripe.com/api/idempotent_requests): a key names one request
// for 24 hours. The first answer is saved once the endpoint has started executing and is replayed,
// same status and body, for the same endpoint and parameters; other parameters are an
// idempotency_error; a key whose first request is still running answers 409. Keys are scoped to the
// API key that sent them, as Stripe scopes them to the account and key.

const TTL_MS = 24 * 60 * 60 * 1000;

export interface SavedAnswer {
  status: number;
  body: string;
  requestId: string;
}

interface Entry {
  fingerprint: string;
  startedAt: number;
  answer: SavedAnswer | null;
}

export type IdempotencyLookup = { kind: "new" } | { kind: "replay"; answer: SavedAnswer } | { kind: "in_use" } | { kind: "mismatch" };

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  private static scoped(apiKey: string, key: string): string {
    return `${apiKey}\u0000${key}`;
  }

  /** Claims the key for this request, or says why it cannot run. */
  begin(apiKey: string, key: string, fingerprint: string, now = Date.now()): IdempotencyLookup {
    const scoped = IdempotencyStore.scoped(apiKey, key);
    const entry = this.entries.get(scoped);
    if (entry && now - entry.startedAt < TTL_MS) {
      if (entry.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (entry.answer === null) return { kind: "in_use" };
      return { kind: "replay", answer: entry.answer };
    }
    this.entries.set(scoped, { fingerprint, startedAt: now, answer: null });
    return { kind: "new" };
  }

  /** Saves the answer to replay. */
  finish(apiKey: string, key: string, answer: SavedAnswer): void {
    const entry = this.entries.get(IdempotencyStore.scoped(apiKey, key));
    if (entry) entry.answer = answer;
  }

  /** Releases the key without saving: the request failed validation, so it may be sent again. */
  abandon(apiKey: string, key: string): void {
    this.entries.delete(IdempotencyStore.scoped(apiKey, key));
  }

  clear(): void {
    this.entries.clear();
  }
}
