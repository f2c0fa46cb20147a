// Which failures mean "the database connection was lost or could not be made", in one place: the
// pool retries a read after one (pool.ts), and the API answers 503 with Retry-After to one instead
// of 500 (lib/server/http/handler.ts). Anything else is not ours to guess about and stays a 500.

/**
 * SQLSTATEs of a connection that ended or could not start: class 08 (connection exception), and the
 * server ending the session (57P01 admin shutdown / pg_terminate_backend, 57P02 crash shutdown,
 * 57P03 cannot connect now, 57P05 idle session timeout).
 */
const ENDED_SESSION_STATES = new Set(["57P01", "57P02", "57P03", "57P05"]);

/** Socket errors on the way to the server. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * What node-postgres says when a connection dies without a SQLSTATE: the socket closed under a
 * query ("Connection terminated unexpectedly", or "Connection terminated" while ending), a connect
 * timed out, or a query was sent to a client whose connection had already failed.
 */
const DRIVER_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^Client has encountered a connection error and is not queryable$/,
];

function isLossItself(value: object): boolean {
  const code = "code" in value && typeof value.code === "string" ? value.code : null;
  if (code !== null && (code.startsWith("08") || ENDED_SESSION_STATES.has(code) || SOCKET_CODES.has(code))) return true;
  const message = "message" in value && typeof value.message === "string" ? value.message : null;
  return message !== null && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The lost or refused database connection in `error` or in what it wraps (drizzle wraps the
 * driver's error as `cause`; a failed connect to several addresses is an AggregateError), or null.
 */
function findConnectionLoss(error: unknown): object | null {
  const seen = new Set<object>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isLossItself(current)) return current;
    if ("cause" in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return null;
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
