import "server-only";
import type { DbExecutor, Transaction } from "@/lib/db/client";

// How a lower domain makes a higher one react without importing it: it announces what happened
// (an order paid, cancelled, delivered) in the transaction where it happened, and the higher domain
// subscribes and acts in that same transaction, so a subscriber's refusal rolls all of it back. A
// subscriber may also answer (a renewal order's payment: "renewed"); the announcer reads the
// answers, never the subscriber's code.
//
// Subscriptions are made once per process by lib/server/wiring. The registry lives on globalThis,
// because Next may load a module more than once in one process and every copy must reach the same
// subscribers; a subscriber has a name, so a second load replaces it instead of running it twice.
// Announcing before the wiring ran throws: a process that forgot it must fail loudly, not skip a
// plan's start or a refund's consequences without a word.

type Handler<Payload, Answer> = (tx: Transaction, payload: Payload) => Promise<Answer | undefined | void>;

interface Registry {
  wired: boolean;
  handlers: Map<string, Map<string, Handler<unknown, unknown>>>;
  /** How this process wires itself at the first event, where it cannot before (tests: wireOnFirstUse). */
  wire?: () => Promise<void>;
}

const holder = globalThis as typeof globalThis & { __lenwellDomainEvents?: Registry };

function registry(): Registry {
  return (holder.__lenwellDomainEvents ??= { wired: false, handlers: new Map() });
}

async function assertWired(name: string): Promise<Registry> {
  const current = registry();
  if (!current.wired && current.wire) await current.wire();
  if (!current.wired) throw new Error(`"${name}" came before lib/server/wiring subscribed the domains`);
  return current;
}

export interface DomainEvent<Payload, Answer = never> {
  readonly name: string;
  /** Adds (or, under the same subscriber name, replaces) a handler. Handlers run in the order added. */
  subscribe(subscriber: string, handler: Handler<Payload, Answer>): void;
  /** Runs every handler in `tx`, one after another; returns the answers given. */
  announce(tx: Transaction, payload: Payload): Promise<Answer[]>;
}

export function domainEvent<Payload, Answer = never>(name: string): DomainEvent<Payload, Answer> {
  const handlersOf = () => {
    const all = registry().handlers;
    let own = all.get(name);
    if (!own) all.set(name, (own = new Map()));
    return own as Map<string, Handler<Payload, Answer>>;
  };
  return {
    name,
    subscribe(subscriber, handler) {
      handlersOf().set(subscriber, handler);
    },
    async announce(tx, payload) {
      await assertWired(name);
      const answers: Answer[] = [];
      for (const handler of handlersOf().values()) {
        const answer = await handler(tx, payload);
        if (answer !== undefined) answers.push(answer);
      }
      return answers;
    },
  };
}

/**
 * A question a lower domain asks without knowing who answers (auth shows a customer with their
 * plans, which the memberships domain keeps; an order shows what its after-sale requests took):
 * exactly one domain answers it. The asker may pass its executor, so the answer reads through the
 * asker's transaction (what it wrote, without waiting on its locks); without one the answerer
 * opens its own. Asking before the wiring ran throws, as announcing does.
 */
export interface DomainQuestion<Payload, Answer> {
  readonly name: string;
  answerWith(subscriber: string, handler: (payload: Payload, db?: DbExecutor) => Promise<Answer>): void;
  ask(payload: Payload, db?: DbExecutor): Promise<Answer>;
}

export function domainQuestion<Payload, Answer>(name: string): DomainQuestion<Payload, Answer> {
  return {
    name,
    answerWith(subscriber, handler) {
      // One answerer: a later one (the same module loaded again) replaces it. The registry's
      // handlers take a transaction first; a question's carries the asker's executor, if any.
      const asked = (db: Transaction, payload: unknown) => handler(payload as Payload, db as DbExecutor | undefined);
      registry().handlers.set(name, new Map([[subscriber, asked]]));
    },
    async ask(payload, db) {
      const [handler] = (await assertWired(name)).handlers.get(name)?.values() ?? [];
      if (!handler) throw new Error(`Nobody answers "${name}"`);
      return (await handler(db as Transaction, payload)) as Answer;
    },
  };
}

/**
 * Forgets every subscription and wires again at the first event instead of at start. For the
 * tests: each suite loads its own copy of the modules (and its own mocks) in a worker that outlives
 * it, so it must not reach the handlers of the suite before; and the setup runs before the suite sets
 * its environment, so importing the domains there would read the settings too early.
 */
export function wireOnFirstUse(wire: () => Promise<void>): void {
  const current = registry();
  current.wired = false;
  current.handlers.clear();
  current.wire = wire;
}

/** Called by lib/server/wiring once every domain has subscribed. */
export function markDomainsWired(): void {
  registry().wired = true;
}

/** The subscribers of an event, by name (tests show the wiring is complete). */
export function subscribersOf(event: { name: string }): string[] {
  return [...(registry().handlers.get(event.name)?.keys() ?? [])];
}
