import fc from "fast-check";
import { isEnvelope } from "@/lib/schemas/envelope";
import type { RouteDeclaration } from "@/lib/server/http/handler";
import type { RouteMethod } from "@/lib/server/http/methods";
import { hostileBodyText, hostileQueryText, hostileValue } from "./hostile";
import { callInputArbitrary } from "./input-arbitrary";

// One fuzzed call of a route handler, how it is built from the route's declared schemas, and what
// its answer must never be: a 5xx, anything but the `{ code, data, errmsg }` envelope, or a stack
// trace, SQL text or a driver's error message.

export interface FuzzCall {
  method: RouteMethod;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface Caller {
  name: "anonymous" | "customer" | "operator";
  /** The caller's session token; null for a caller without one. */
  token: string | null;
}

const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom("application/json; charset=utf-8", "APPLICATION/JSON", "application/json;charset=latin1") },
  { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "") },
);

// Header values are bytes: no NUL, CR or LF (the Request constructor refuses them), nothing past U+00FF.
const headerText = fc
  .string({ unit: "binary-ascii", maxLength: 40 })
  .map((text) => text.replace(/[\u0000\r\n]/g, "").trim())
  .filter((text) => text.length > 0);

function credentials(caller: Caller): fc.Arbitrary<Record<string, string>> {
  const forged = fc.oneof(headerText, fc.constantFrom("x", "A".repeat(43), "A".repeat(5_000), "null", "undefined", "Bearer x"));
  if (!caller.token) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: forged.map((token) => ({ token })) },
      { weight: 1, arbitrary: forged.map((token) => ({ cookie: `Token=${token}` })) },
    );
  }
  const token = caller.token;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({ token }) },
    { weight: 2, arbitrary: fc.constant({ cookie: `Token=${token}` }) },
    // Both, disagreeing: the session is refused, never picked from one of them.
    { weight: 1, arbitrary: forged.map((other) => ({ token, cookie: `Token=${other}` })) },
  );
}

const otherHeaders = fc.record(
  {
    "sec-fetch-site": fc.oneof(
      { weight: 8, arbitrary: fc.constant("same-origin") },
      { weight: 1, arbitrary: fc.constantFrom("none", "cross-site", "same-site") },
    ),
    "user-agent": headerText,
    "x-forwarded-for": fc.oneof(headerText, fc.ipV4(), fc.ipV6(), fc.constantFrom("unknown", "1.2.3.4, 5.6.7.8", "::1")),
    "accept-language": headerText,
    cookie: fc.constantFrom("c=%ZZ", 'referral_code="x"', "login_return_path=//evil.example", "platform=app"),
  },
  { requiredKeys: ["sec-fetch-site"] },
);

/** A query string for an input value: strings as they are, anything else as its JSON text. */
function toQuery(value: unknown): string {
  const entries: [string, string][] =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.entries(value).map(([key, field]) => [key, typeof field === "string" ? field : (JSON.stringify(field) ?? String(field))])
      : [["value", typeof value === "string" ? value : (JSON.stringify(value) ?? String(value))]];
  return new URLSearchParams(entries).toString();
}

function queryArbitrary(declared: RouteDeclaration, known: readonly string[]): fc.Arbitrary<string> {
  if (!declared.query) return fc.oneof({ weight: 4, arbitrary: fc.constant("") }, { weight: 1, arbitrary: hostileQueryText });
  const shaped = callInputArbitrary(declared.query, known, true).map(toQuery);
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    { weight: 2, arbitrary: hostileQueryText },
    { weight: 1, arbitrary: fc.tuple(shaped, hostileQueryText).map(([good, bad]) => `${good}&${bad}`) },
  );
}

function bodyArbitrary(method: RouteMethod, declared: RouteDeclaration, known: readonly string[]): fc.Arbitrary<string | null> {
  if (method === "GET" || method === "HEAD") return fc.constant(null);
  const hostile = fc.oneof(
    hostileBodyText,
    hostileValue.map((value) => JSON.stringify(value) ?? ""),
  );
  if (!declared.body) return fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostile });
  const shaped = callInputArbitrary(declared.body, known, false).map((value) => JSON.stringify(value) ?? "");
  return fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 2, arbitrary: hostile });
}

/** Calls of `method` on the route at `path` as `caller` would send them, hostile now and then. */
export function callArbitrary(
  path: string,
  method: RouteMethod,
  declared: RouteDeclaration,
  caller: Caller,
  known: readonly string[],
): fc.Arbitrary<FuzzCall> {
  return fc
    .record({
      query: queryArbitrary(declared, known),
      body: bodyArbitrary(method, declared, known),
      type: contentType,
      auth: credentials(caller),
      others: otherHeaders,
    })
    .map(({ query, body, type, auth, others }) => {
      // A cookie header of the caller's and one of the fuzz's are one header.
      const cookie = [auth.cookie, others.cookie].filter(Boolean).join("; ");
      const headers: Record<string, string> = { ...others, ...auth, ...(cookie ? { cookie } : {}) };
      if (body !== null && type) headers["content-type"] = type;
      return { method, path, query, headers, body };
    });
}

export function toRequest(call: FuzzCall): Request {
  return new Request(`http://shop.test${call.path}${call.query ? `?${call.query}` : ""}`, {
    method: call.method,
    headers: call.headers,
    ...(call.body === null ? {} : { body: call.body }),
  });
}

// What only the server's insides could have written: stack frames, file paths, SQL that names
// columns, and the words of the database, its driver or the JavaScript engine.
const LEAKS: readonly [string, RegExp][] = [
  ["a stack frame", /\n\s+at \S|\((?:\/|file:|node:)[^)]*:\d+:\d+\)/],
  ["a source path", /node_modules|\.next\/server|\/work\/|\.(?:ts|js|mjs):\d+/],
  ["SQL text", /Failed query|\bparams: |\b(?:select|insert into|update|delete from)\b[\s\S]{0,300}?"\w+"\."\w+"/i],
  ["an error class", /\b(?:DrizzleQueryError|DatabaseError|TypeError|ReferenceError|RangeError|SyntaxError|URIError|ZodError)\b/],
  [
    "a database message",
    /invalid byte sequence|syntax error at or near|violates (?:unique|foreign key|check|not-null) constraint|invalid input syntax|unsupported Unicode escape|could not serialize|deadlock detected/i,
  ],
];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

export interface Verdict {
  status: number;
  /** Why the answer is wrong; null when it is a fine answer, whatever its status. */
  problem: string | null;
}

/** Reads `response` to `call` and says what is wrong with it, if anything. */
export async function judge(call: FuzzCall, response: Response): Promise<Verdict> {
  const status = response.status;
  const text = await response.text();
  if (status >= 500) return { status, problem: `answered ${status}: ${text.slice(0, 300)}` };
  if (status < 200) return { status, problem: `answered ${status}` };
  if (call.method === "OPTIONS" && status === 204 && text === "") return { status, problem: null };
  // A download (the console's CSV exports) answers its file when it succeeds, not the envelope.
  if (status === 200 && response.headers.get("content-type")?.startsWith("text/csv")) return { status, problem: leakIn(call, text) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status, problem: `answered ${status} with a body that is not JSON: ${text.slice(0, 200)}` };
  }
  if (!isEnvelope(body)) return { status, problem: `answered ${status} without the envelope: ${text.slice(0, 200)}` };
  if (body.code !== status) return { status, problem: `answered HTTP ${status} with code ${body.code}` };
  return { status, problem: leakIn(call, text) };
}

/** What of the insides `text` names (a stack trace, SQL…), unless the caller sent it: null when nothing. */
function leakIn(call: FuzzCall, text: string): string | null {
  // What the caller sent may come back in a message ("no product with the sku …"): that is no leak.
  const sent = `${call.query}\n${decoded(call.query)}\n${call.body ?? ""}`;
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(text) && !pattern.test(sent)) return `answered with ${what}: ${text.slice(0, 300)}`;
  }
  return null;
}
