// Which failures mean "the database connection was lost or could not be made", in one place: the
// pool retries a read after a lost one (pool.ts), and the API answers 503 with Retry-After to any of
// them instead of 500 (lib/server/http/handler.ts). Anything else is not ours to guess about and
// stays a 500.

/**
 * SQLSTATEs of a connection that ended or was refused whatever the statement: class 08 (connection
 * exception), 53300 too many connections (max_connections, or a role's or a database's CONNECTION
 * LIMIT), and the server ending or refusing the session (57P01 admin shutdown /
 * pg_terminate_backend, 57P02 crash shutdown, 57P03 cannot connect now: starting up, shutting down,
 * in recovery; 57P04 database dropped; 57P05 idle session timeout).
 */
const REFUSED_OR_ENDED_STATES = new Set(["53300", "57P01", "57P02", "57P03", "57P04", "57P05"]);

/**
 * SQLSTATEs that mean a refused connection only when the server sent them while the connection was
 * being made: 55000 object_not_in_prerequisite_state is what a database with ALLOW_CONNECTIONS false
 * answers a new connection, but ordinary statements raise it too (a sequence's currval before
 * nextval, a replication slot in use), and those are bugs, not outages.
 */
const REFUSED_AT_CONNECT_STATES = new Set(["55000"]);

/** Socket errors on the way to the server. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * What node-postgres says when a connection dies or cannot be had without a SQLSTATE: the socket
 * closed under a query ("Connection terminated unexpectedly", or "Connection terminated" while
 * ending), a new connection took longer than the pool's connect timeout, a query was sent to a client
 * whose connection had already failed, or every connection of a full pool stayed busy for the whole
 * connect timeout (pg-pool's own words).
 */
const DRIVER_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];

// On the error itself, not in a module-level set: Next bundles route handlers and the code that
// opens the pool separately, so this module may be loaded more than once in one process.
const RAISED_WHILE_CONNECTING = Symbol.for("lenwell.db.raised-while-connecting");

/**
 * Marks `error` as raised while the pool was getting a connection (pool.ts), before any statement of
 * the caller was sent: the server refused the connection, or it could not be made in time.
 */
export function markRaisedWhileConnecting(error: unknown): void {
  if (typeof error !== "object" || error === null || Object.isFrozen(error)) return;
  Object.defineProperty(error, RAISED_WHILE_CONNECTING, { value: true, enumerable: false });
}

/** Whether `error` (or what it wraps) was raised while a connection was being made: no statement of the caller ran. */
export function raisedWhileConnecting(error: unknown): boolean {
  return someInChain(error, (value) => RAISED_WHILE_CONNECTING in value) !== null;
}

function isLossItself(value: object, connecting: boolean): boolean {
  const code = "code" in value && typeof value.code === "string" ? value.code : null;
  if (code !== null) {
    if (code.startsWith("08") || REFUSED_OR_ENDED_STATES.has(code) || SOCKET_CODES.has(code)) return true;
    if (connecting && REFUSED_AT_CONNECT_STATES.has(code)) return true;
  }
  const message = "message" in value && typeof value.message === "string" ? value.message : null;
  return message !== null && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The first value in `error` or in what it wraps (drizzle wraps the driver's error as `cause`; a
 * failed connect to several addresses is an AggregateError) that `test` accepts, or null.
 */
function someInChain(error: unknown, test: (value: object) => boolean): object | null {
  const seen = new Set<object>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    if (test(current)) return current;
    if ("cause" in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return null;
}

/** The lost or refused database connection in `error` or in what it wraps, or null. */
function findConnectionLoss(error: unknown): object | null {
  const connecting = raisedWhileConnecting(error);
  return someInChain(error, (value) => isLossItself(value, connecting));
}

export function isConnectionLoss(error: unknown): boolean {
  return findConnectionLoss(error) !== null;
}

/** One line for the log about a lost connection: what happened, never the statement or its values. */
export function describeConnectionLoss(error: unknown): string {
  const loss = findConnectionLoss(error);
  if (!loss) return "not a lost connection";
  const code = "code" in loss && typeof loss.code === "string" ? loss.code : null;
  const message = "message" in loss && typeof loss.message === "string" && loss.message !== "" ? loss.message : null;
  return [code, message].filter((part) => part !== null).join(" ") || "connection lost";
}
