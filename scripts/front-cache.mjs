// The front of the page cache: the pages Next serves from its own cache (the product pages, the
// prerendered ones, /search for a visitor without a session), answered again by the shop's server
// (scripts/serve.mjs) without passing through Next, and already compressed. docs/decisions/0052.
//
// Next serves a cached page for about a millisecond of this machine's CPU (its routing, its
// handlers, AsyncLocalStorage on every promise), and compresses it again for every browser that
// asks (gzip, ~3 ms for a product page). The front keeps what Next answered for an address, once in
// each encoding, and answers the next visitors itself, until Next's cache would answer differently:
//   - only what Next answered from its cache (x-nextjs-cache: HIT), 200, without a cookie set, for a
//     GET without a session cookie and without the router's headers (which ask for another answer);
//   - what Next sends is copied as it goes out (the visitor gets Next's answer as ever) and kept
//     once whole, uncompressed, gzip and brotli, compressed on zlib's worker threads;
//   - every expiry of Next's cache (a tag: a price, a product's stock, the synonyms) empties the
//     front: cache-handler.mjs calls expire(), and an answer that began before an expiry is not
//     kept; only a process whose cache is its own uses the front (cache-handler.mjs calls
//     useLocally()), since another instance's expiry would not reach it;
//   - no entry is kept longer than MAX_AGE_MS: Next's own revalidation by time (a page's s-maxage)
//     is seen at most that much later;
//   - the session cookie's name comes from the app (instrumentation.ts calls configure()); until
//     then nothing is answered or kept.
// Plain JavaScript, beside serve.mjs: the server imports it without compiling it, and
// scripts/standalone.sh copies both into the standalone folder.

import http from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** Where cache-handler.mjs and instrumentation.ts find the front (cache-handler.test.ts checks the names). */
export const FRONT_CACHE_HOOK = Symbol.for("lenwell.cache.front");

/** How long an entry is answered at most, whatever expiry it missed. */
export const MAX_AGE_MS = 10_000;
/** The bytes (every encoding of every entry) the front holds at most; the oldest go first. */
export const MAX_BYTES = 48 * 1024 * 1024;

/** Request headers with which Next answers differently from the cached page's HTML (or revalidates it on demand). */
const ROUTER_HEADERS = [
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "next-action",
  "x-prerender-revalidate",
  "range",
];

/** Headers of one answer, not of the page: Node's and the connection's, and those set for each request before Next runs. */
const ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "x-request-id",
  "strict-transport-security",
]);

const compressGzip = promisify(zlib.gzip);
const compressBrotli = promisify(zlib.brotliCompress);
const gunzip = promisify(zlib.gunzip);
// Quality 6: within a tenth of the best size for ~4 ms of a worker thread (11 takes ~190 ms).
const BROTLI_OPTIONS = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

/** The encoding to answer with for an Accept-Encoding header: br, then gzip, then none. */
export function chooseEncoding(header) {
  if (!header) return "identity";
  const weights = new Map();
  for (const part of String(header).split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

/** Whether the Cookie header carries a cookie of this name with a value. */
function hasCookie(header, name) {
  if (!header) return false;
  for (const part of String(header).split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name && part.slice(at + 1).trim() !== "") return true;
  }
  return false;
}

const TAKEN = Symbol("front: the answer to keep");

export class FrontCache {
  #entries = new Map();
  #bytes = 0;
  #generation = 0;
  #sessionCookie;
  #local = false;
  #now;

  /** @param {{ now?: () => number }} [options] */
  constructor(options = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** The app's session cookie: a request carrying it is the customer's own, never answered here. */
  configure({ sessionCookie }) {
    this.#sessionCookie = sessionCookie;
  }

  /** Called by the cache handler of a process whose cache is its own. */
  useLocally() {
    this.#local = true;
  }

  /** Something in Next's cache expired: nothing in the front is answered again, nor any answer begun before kept. */
  expire() {
    this.#generation += 1;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** How many addresses the front answers now. */
  get size() {
    return this.#entries.size;
  }

  #eligible(request) {
    if (!this.#local || this.#sessionCookie === undefined || request.method !== "GET") return false;
    const headers = request.headers;
    for (const name of ROUTER_HEADERS) if (headers[name] !== undefined) return false;
    return !hasCookie(headers.cookie, this.#sessionCookie);
  }

  /**
   * Answers `request` from the front when it holds the address's page: true. Otherwise false, the
   * request goes to Next, and what Next sends is watched (sees, ended) to be kept if it is a cached page.
   */
  answer(request, response) {
    if (!this.#eligible(request)) return false;
    const key = request.url ?? "";
    const entry = this.#entries.get(key);
    if (entry && this.#now() - entry.storedAt < MAX_AGE_MS) {
      // Most recently used last: the oldest are first to go.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#send(entry, chooseEncoding(request.headers["accept-encoding"]), response);
      return true;
    }
    if (entry) this.#drop(key, entry);
    response[TAKEN] = { key, generation: this.#generation, checked: false, chunks: [] };
    return false;
  }

  /** Each piece of the body Next writes, as it goes out (compressed, if Next compressed it). */
  sees(response, chunk, encoding) {
    const taken = response[TAKEN];
    if (!taken) return;
    if (!taken.checked) {
      taken.checked = true;
      // The headers are set before the first piece: a page from Next's cache, for anyone, in an encoding the front reads.
      const coding = response.getHeader("content-encoding");
      const cached = response.statusCode === 200 && response.getHeader("x-nextjs-cache") === "HIT" && !response.hasHeader("set-cookie");
      if (!cached || (coding !== undefined && coding !== "gzip")) {
        response[TAKEN] = undefined;
        return;
      }
    }
    if (typeof chunk === "string" && chunk.length > 0)
      taken.chunks.push(Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8"));
    else if (chunk instanceof Uint8Array && chunk.length > 0) taken.chunks.push(Buffer.from(chunk));
  }

  /** The answer's end: the page it carried is kept, in every encoding, unless something expired meanwhile. */
  ended(response) {
    const taken = response[TAKEN];
    response[TAKEN] = undefined;
    if (!taken?.checked || taken.generation !== this.#generation) return;
    const sent = Buffer.concat(taken.chunks);
    const gzipped = response.getHeader("content-encoding") === "gzip";
    const headers = Object.entries(response.getHeaders()).filter(([name]) => !ANSWER_HEADERS.has(name));
    // Off the main thread (zlib's workers); the visitor already has the answer.
    void (async () => {
      const identity = gzipped ? await gunzip(sent) : sent;
      const [gzip, br] = await Promise.all([gzipped ? sent : compressGzip(identity), compressBrotli(identity, BROTLI_OPTIONS)]);
      if (taken.generation === this.#generation) this.#store(taken.key, { headers, storedAt: this.#now(), bodies: { identity, gzip, br } });
    })().catch(() => {
      // A body that does not inflate is not kept; Next answers that address as before.
    });
  }

  #send(entry, encoding, response) {
    for (const [name, value] of entry.headers) if (!response.hasHeader(name)) response.setHeader(name, value);
    if (encoding !== "identity") response.setHeader("content-encoding", encoding);
    const body = entry.bodies[encoding];
    response.setHeader("content-length", body.length);
    response.end(body);
  }

  #store(key, entry) {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    entry.bytes = entry.bodies.identity.length + entry.bodies.gzip.length + entry.bodies.br.length;
    if (entry.bytes > MAX_BYTES) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, held] of this.#entries) {
      if (this.#bytes <= MAX_BYTES) break;
      this.#drop(oldest, held);
    }
  }

  #drop(key, entry) {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** Below this a joined write costs less than a second one. */
const SEPARATE_BODY_CHARS = 16_384;

/**
 * The server's answer class: Node's, showing the front what Next sends, with one change of its
 * own: a long text body is written after the headers rather than joined to them. Next sends a page
 * from its cache as one string (send-payload.js: `res.end(html)`, through its compression wrapper,
 * which has already composed the headers), and Node, for a first write with the headers still
 * unwritten, makes one new string of the two and encodes that: for a ~100 KB page about ten times
 * the cost of writing the page's own string (docs/decisions/0051). `_headerSent` (not
 * `headersSent`, which turns true once the headers are composed) is Node's own mark of that write.
 * @param {FrontCache} front
 */
export function shopResponse(front) {
  return class ShopResponse extends http.ServerResponse {
    write(chunk, encoding, callback) {
      front.sees(this, chunk, encoding);
      return super.write(chunk, encoding, callback);
    }

    end(chunk, encoding, callback) {
      if (typeof chunk !== "function") front.sees(this, chunk, encoding);
      front.ended(this);
      if (typeof chunk === "string" && chunk.length > SEPARATE_BODY_CHARS && !this._headerSent) this.flushHeaders();
      return super.end(chunk, encoding, callback);
    }
  };
}
