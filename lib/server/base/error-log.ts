import "server-only";

// What the log says about a failure nobody handled. Logged whole, a failed query is the SQL text and
// every parameter (Drizzle puts both in its message and on the error), and parameters are addresses,
// names and e-mails. So the log gets each error's class, code and message along the cause chain, the
// message of a failed query replaced by the words below, and the stack frames where it was thrown.

const MAX_MESSAGE = 200;
const MAX_FRAMES = 6;
const MAX_CAUSES = 4;

/**
 * Drizzle's wrapper of a failed query, whose message is the SQL and the parameters. (The database's
 * own error under it may carry the query too, as PGlite's does, but its message is the database's.)
 */
function isFailedQuery(error: Error): boolean {
  const { query } = error as Error & { query?: unknown };
  return error.message.startsWith("Failed query") || (typeof query === "string" && query.length > 0 && error.message.includes(query));
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat;
}

function describeOne(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${error === null ? "null" : typeof error}`;
  const code = (error as Error & { code?: unknown }).code;
  const label = [error.constructor.name || error.name, typeof code === "string" || typeof code === "number" ? String(code) : ""]
    .filter(Boolean)
    .join(" ");
  const message = isFailedQuery(error) ? "database query failed (statement and parameters not logged)" : oneLine(error.message);
  return `${label}: ${message}`;
}

/** One compact description of `error` and its causes, and where it was thrown; never SQL text or query parameters. */
export function describeError(error: unknown): string {
  const chain: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current !== undefined; depth++) {
    chain.push(describeOne(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  // Only the frame lines: the stack's first lines repeat the message, which for a query is the SQL.
  const frames = error instanceof Error ? (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)) : [];
  return [chain.join(" ← caused by "), ...frames.slice(0, MAX_FRAMES).map((line) => `  ${line.trim()}`)].join("\n");
}
