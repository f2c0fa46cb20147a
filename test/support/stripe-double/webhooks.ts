import Stripe from "stripe";

// Webhook delivery as Stripe does it, shortened for tests: each event is POSTed as JSON with a
// Stripe-Signature header after the change (never inside the API answer), and a failed attempt
// (non-2xx, refused connection, timeout) is tried again after a backoff. First attempts go out in
// the order the events were created; retries do not hold up later events.

export interface WebhookDelivery {
  eventId: string;
  type: string;
  attempt: number;
  url: string;
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  status: number | null;
  error: string | null;
  at: number;
  /** A replay asked for with redeliver(), not Stripe's own sending. */
  redelivery: boolean;
}

export interface WebhookSenderOptions {
  secret: string;
  /** Waits before each retry; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [100, 400, 1500];

export class WebhookSender {
  private url: string | null = null;
  private held = false;
  private readonly heldQueue: Stripe.Event[] = [];
  private chain: Promise<void> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly log: WebhookDelivery[] = [];
  private generation = 0;
  private readonly retryDelaysMs: readonly number[];
  private readonly timeoutMs: number;

  constructor(private readonly options: WebhookSenderOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  get webhookUrl(): string | null {
    return this.url;
  }

  setUrl(url: string | null): void {
    this.url = url;
  }

  hold(): void {
    this.held = true;
  }

  async release(): Promise<void> {
    this.held = false;
    const queued = this.heldQueue.splice(0);
    for (const event of queued) this.schedule(event);
    await this.chain;
  }

  deliveries(): readonly WebhookDelivery[] {
    return [...this.log];
  }

  /** Hands over events once their change is answered; they go out after the current tick. */
  enqueue(events: readonly Stripe.Event[]): void {
    for (const event of events) {
      if (this.url === null) continue;
      if (this.held) this.heldQueue.push(event);
      else this.schedule(event);
    }
  }

  private schedule(event: Stripe.Event): void {
    const generation = this.generation;
    this.chain = this.chain.then(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      if (generation !== this.generation) return;
      await this.attempt(event, 1, generation);
    });
  }

  private async attempt(event: Stripe.Event, attempt: number, generation: number): Promise<void> {
    const url = this.url;
    if (url === null || generation !== this.generation) return;
    const status = await this.post(event, url, { attempt, redelivery: false });
    if (status !== null && status >= 200 && status < 300) {
      event.pending_webhooks = 0;
      return;
    }
    const delay = this.retryDelaysMs[attempt - 1];
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.attempt(event, attempt + 1, generation));
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private track(promise: Promise<unknown>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  private async post(
    event: Stripe.Event,
    url: string,
    options: { attempt: number; redelivery: boolean; signedAt?: number; secret?: string },
  ): Promise<number | null> {
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.options.secret,
      timestamp: options.signedAt ?? Math.floor(Date.now() / 1000),
    });
    const entry: WebhookDelivery = {
      eventId: event.id,
      type: event.type,
      attempt: options.attempt,
      url,
      status: null,
      error: null,
      at: Date.now(),
      redelivery: options.redelivery,
    };
    this.log.push(entry);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": header,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // Drain the body so the connection is released.
      await response.arrayBuffer().catch(() => undefined);
      entry.status = response.status;
      return response.status;
    } catch (error) {
      entry.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return null;
    }
  }

  /** A replay signed now (or at `signedAt`, or with another secret); rejects when nobody answers. */
  async redeliver(event: Stripe.Event, options: { signedAt?: number; secret?: string } = {}): Promise<number> {
    const url = this.url;
    if (url === null) throw new Error("stripe-double: no webhook URL is set, so there is nowhere to redeliver to");
    const previous = this.log.filter((entry) => entry.eventId === event.id).length;
    const status = await this.post(event, url, { attempt: previous + 1, redelivery: true, ...options });
    if (status === null) throw new Error(`stripe-double: redelivery of ${event.id} to ${url} got no answer`);
    if (status >= 200 && status < 300) event.pending_webhooks = 0;
    return status;
  }

  /** Resolves once every first attempt so far has been made and no retry is waiting. */
  async settled(): Promise<void> {
    for (;;) {
      await this.chain;
      if (this.timers.size === 0 && this.inFlight.size === 0) return;
      await Promise.all([...this.inFlight]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Forgets queued and pending work (reset); the URL stays. */
  reset(): void {
    this.generation += 1;
    this.held = false;
    this.heldQueue.length = 0;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.log.length = 0;
  }
}
