import pg from "pg";
import type { DatabaseSettings } from "@/lib/config/database";
import { describeConnectionLoss, isConnectionLoss, markRaisedWhileConnecting, raisedWhileConnecting } from "./connection-loss";
import { sharedLogger } from "@/lib/log/logger";

// The PostgreSQL pool, made to live through lost connections (a failover, a restarted server, an
// operator's pg_terminate_backend):
// - A connection that dies while idle in the pool, or while checked out between two statements of a
//   transaction, is reported by node-postgres as an 'error' event; unheard, that event is an
//   uncaught exception that ends the process. Here it is heard and logged in one line; the pool has
//   already dropped the connection (or drops it when it is released), and opens a new one on demand.
// - A read sent outside a transaction that failed because its connection died is sent again, on
//   another connection, twice at most: reading twice changes nothing. A write is never repeated here, since
//   whether it committed before the connection died cannot be known; its caller gets the error
//   (the API answers 503 with Retry-After) and may retry with its own idempotency.
// - A client checked out with `connect()` whose connection ends is given back to the pool at once
//   (which drops it), so that nobody has to remember to: drizzle 0.45 sends BEGIN before its
//   try/finally and never releases a client whose BEGIN failed, which would leak one slot of the
//   pool per lost connection until the pool is empty and every request waits forever. A later
//   release() of that client is then a no-op.
// - A connection the server refuses (a database not accepting connections, too many connections, a
//   server starting up), or that cannot be had within the connect timeout, fails the call at once:
//   its error is marked as raised while connecting, so that connection-loss.ts can tell a refusal
//   (55000 at connect) from the same SQLSTATE raised by a statement, and a read is not sent again
//   into a server that has just said no (or waited for once more).
// Transactions are not retried here; see client.ts for one whose BEGIN never reached the server.

const { Pool } = pg;

type PoolQuery = (...args: unknown[]) => Promise<unknown>;

/** How many times a read is sent when each try fails on a lost connection (pool.ts's header). */
const READ_ATTEMPTS = 3;

/** Hands `client` back to the pool (which drops it) as soon as its connection ends; release() stays safe to call once more. */
function releaseWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onEnd = () => releaseOnce(new Error("The database connection ended while the client was checked out"));
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("end", onEnd);
    release(error);
  };
  client.once("end", onEnd);
  client.release = releaseOnce;
  return client;
}

/** The text of a plain `query(text | config, values?)` call, or null for any other form. */
function statementOf(args: readonly unknown[]): string | null {
  // A callback (the last argument) or a streaming query object keeps node-postgres's own handling.
  if (args.length > 2 || args.some((arg) => typeof arg === "function")) return null;
  const [first] = args;
  if (typeof first === "string") return first;
  if (typeof first === "object" && first !== null && !("submit" in first) && "text" in first && typeof first.text === "string") {
    return first.text;
  }
  return null;
}

/**
 * A statement that only reads: a plain SELECT. (A WITH may hide an INSERT or UPDATE, so it is not
 * counted; a SELECT calling a function with side effects would be, and this shop sends none
 * outside a transaction.)
 */
export function isReadOnlyStatement(text: string): boolean {
  return /^\s*select\b/i.test(text);
}

function logLostConnection(error: unknown): void {
  sharedLogger().warn(
    { error: describeConnectionLoss(error) },
    `Database connection lost (${describeConnectionLoss(error)}); the pool opens a new one when needed.`,
  );
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;

/** `options`: libpq's, sent as each connection opens (`-c statement_timeout=2000`): settings of every session of the pool. */
export function createPool(
  settings: Pick<DatabaseSettings, "url" | "poolMax" | "applicationName" | "connectTimeoutMs">,
  options?: string,
): pg.Pool {
  const pool = new Pool({
    ...(options ? { options } : {}),
    connectionString: settings.url ?? undefined,
    max: settings.poolMax,
    application_name: settings.applicationName,
    // Bounds both the wait for a free connection of a full pool and the making of a new one, so a
    // server that does not answer (packets dropped) fails requests with 503 instead of holding them.
    connectionTimeoutMillis: settings.connectTimeoutMs,
  });

  // One line per lost connection, whether it was idle (the pool's 'error') or checked out (the
  // client's own 'error'; the pool listens only while a client is idle).
  const reported = new WeakSet<object>();
  const report = (client: object, error: unknown) => {
    if (reported.has(client)) return;
    reported.add(client);
    logLostConnection(error);
  };
  pool.on("error", (error, client) => report(client, error));
  pool.on("connect", (client) => {
    client.on("error", (error) => report(client, error));
  });

  // The callback form is pool.query's own (it releases its clients itself); the promise form is
  // everyone else's (drizzle's transactions, the advisory locks).
  const plainConnect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const connect = (callback?: ConnectCallback) => {
    if (callback) {
      return plainConnect((error, client, release) => {
        if (error) markRaisedWhileConnecting(error);
        callback(error, client, release);
      });
    }
    return (plainConnect() as Promise<pg.PoolClient>).then(releaseWhenLost, (error: unknown) => {
      markRaisedWhileConnecting(error);
      throw error;
    });
  };
  pool.connect = connect as pg.Pool["connect"];

  const plainQuery = pool.query.bind(pool) as PoolQuery;
  const retryingQuery: PoolQuery = async (...args) => {
    const statement = statementOf(args);
    if (statement === null || !isReadOnlyStatement(statement)) return plainQuery(...args);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await plainQuery(...args);
      } catch (error) {
        if (attempt >= READ_ATTEMPTS || !isConnectionLoss(error) || raisedWhileConnecting(error)) throw error;
        // Let the pool hear of the other connections that died with this one before it hands one
        // out. When a server ends every connection at once, the next idle one may not have told
        // the pool yet: a read under load can meet two dead connections before a live one.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  };
  pool.query = retryingQuery as pg.Pool["query"];
  return pool;
}
