// @vitest-environment jsdom
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";
import { getCookie } from "cookies-next/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { parseProof, PROOF_CHALLENGE_HEADER, PROOF_HEADER } from "@/lib/proof-of-work/protocol";
import { solves } from "@/lib/proof-of-work/solver";
import type * as ClientModule from "./client";
import type * as EnvelopeModule from "./envelope";
import type * as StoreModule from "@/lib/state/store";
import type * as AtomsModule from "@/lib/state/atoms";
import type * as NoticesModule from "@/lib/state/notices";

// callApi runs against a real HTTP server on 127.0.0.1. In vitest's jsdom environment `fetch`
// is Node's own (undici), which enforces no CORS, so the cross-origin call from
// http://localhost:3000 goes through as it would to a CORS-enabled API.

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const recorded: Recorded[] = [];
const PUZZLE = "puzzle-token.signature";
let server: Server;
let client: typeof ClientModule;
let envelope: typeof EnvelopeModule;
let store: typeof StoreModule;
let atoms: typeof AtomsModule;
let notices: typeof NoticesModule;

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      recorded.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const path = new URL(req.url ?? "/", "http://x").pathname;
      switch (path) {
        case "/api/v1/c/ok":
          sendJson(res, 200, { code: 200, data: { name: "LW-RO600", price: "1299.00" }, errmsg: "" });
          break;
        case "/api/v1/c/slow":
          setTimeout(() => sendJson(res, 200, { code: 200, data: "done", errmsg: "" }), 30);
          break;
        case "/api/v1/c/missing":
          sendJson(res, 404, { code: 404, data: null, errmsg: "Product LW-XX does not exist" });
          break;
        case "/api/v1/c/invalid":
          sendJson(res, 200, {
            code: 400,
            data: null,
            errmsg: "Quantity is too large",
            errors: [{ path: "quantity", message: "At most 1000" }],
          });
          break;
        case "/api/v1/c/no-errmsg":
          sendJson(res, 403, { code: 403, data: null, errmsg: "" });
          break;
        case "/api/v1/c/gateway":
          res.writeHead(502, { "content-type": "text/html" });
          res.end("<html><body>Bad gateway</body></html>");
          break;
        case "/api/v1/c/expired":
          sendJson(res, 401, { code: 401, data: null, errmsg: "" });
          break;
        case "/api/v1/c/busy": {
          // Asks for a proof of work (8 bits) and takes the call once it carries a solution.
          const proof = parseProof(req.headers[PROOF_HEADER.toLowerCase()]?.toString() ?? null);
          if (proof?.token === PUZZLE && solves(proof.token, proof.nonce, 8)) {
            sendJson(res, 200, { code: 200, data: "accepted", errmsg: "" });
          } else {
            res.setHeader(PROOF_CHALLENGE_HEADER, `8:${PUZZLE}`);
            sendJson(res, 428, { code: 428, data: null, errmsg: "The shop is very busy right now." });
          }
          break;
        }
        case "/api/v1/c/drop":
          req.socket.destroy();
          break;
        default:
          sendJson(res, 500, { code: 500, data: null, errmsg: "" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  // public-env.ts reads the variable when it is first imported; the trailing slash must be trimmed.
  vi.stubEnv("NEXT_PUBLIC_API_BASE_URL", `http://127.0.0.1:${port}/`);
  vi.resetModules();
  client = await import("./client");
  envelope = await import("./envelope");
  store = await import("@/lib/state/store");
  atoms = await import("@/lib/state/atoms");
  notices = await import("@/lib/state/notices");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

const itemSchema = z.object({ name: z.string(), price: z.string() });
const anything = z.unknown();

beforeEach(() => {
  recorded.length = 0;
  const { appStore } = store;
  appStore.set(atoms.hasSessionAtom, false);
  appStore.set(atoms.usernameAtom, null);
  appStore.set(atoms.isOperatorAtom, false);
  appStore.set(atoms.loadingCountAtom, 0);
  appStore.set(notices.alertsAtom, []);
  document.cookie = "login_return_path=; path=/; max-age=0";
  document.cookie = "signed_in=; path=/; max-age=0";
  window.sessionStorage.clear();
});

function alertMessages(): string[] {
  return store.appStore.get(notices.alertsAtom).map((notice) => `${notice.tone}: ${notice.message}`);
}

async function rejection(promise: Promise<unknown>): Promise<EnvelopeModule.ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof envelope.ApiError) return error;
    throw error;
  }
  throw new Error("the call resolved");
}

describe("callApi", () => {
  it("resolves with data of a code-200 envelope, parsed by the caller's schema", async () => {
    await expect(client.callApi("get", "ok", itemSchema)).resolves.toEqual({ name: "LW-RO600", price: "1299.00" });
    expect(alertMessages()).toEqual([]);
  });

  it("rejects an answer its schema refuses", async () => {
    await expect(client.callApi("get", "ok", z.object({ name: z.number() }))).rejects.toBeInstanceOf(z.ZodError);
  });

  it("calls the configured API origin under /api/v1/c", async () => {
    await client.callApi("get", "/ok", anything);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.method).toBe("GET");
    expect(recorded[0]?.url).toBe("/api/v1/c/ok");
  });

  it("sends search parameters, leaving out undefined ones", async () => {
    await client.callApi("get", "ok", anything, { searchParams: { page: 2, q: "filter", skip: undefined } });
    expect(recorded[0]?.url).toBe("/api/v1/c/ok?page=2&q=filter");
  });

  it("sends a JSON body", async () => {
    await client.callApi("post", "ok", anything, { json: { sku: "LW-RO600", quantity: 2 } });
    expect(recorded[0]?.method).toBe("POST");
    expect(recorded[0]?.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(recorded[0]?.body ?? "")).toEqual({ sku: "LW-RO600", quantity: 2 });
  });

  it("sends no Token header: the browser's session is its HttpOnly cookie", async () => {
    await client.callApi("get", "ok", anything);
    expect(recorded[0]?.headers.token).toBeUndefined();
  });

  it("rejects a 404 envelope with its code and message, and shows nothing by default", async () => {
    const error = await rejection(client.callApi("get", "missing", anything));
    expect(error.code).toBe(404);
    expect(error.message).toBe("Product LW-XX does not exist");
    expect(alertMessages()).toEqual([]);
  });

  it("shows the server's errmsg when the caller asks to notify", async () => {
    await rejection(client.callApi("get", "missing", anything, { notify: true }));
    expect(alertMessages()).toEqual(["error: Product LW-XX does not exist"]);
  });

  it("rejects a non-200 body code on an HTTP 200 with the field errors", async () => {
    const error = await rejection(client.callApi("post", "invalid", anything, { json: {}, notify: true }));
    expect(error.code).toBe(400);
    expect(error.errors).toEqual([{ path: "quantity", message: "At most 1000" }]);
    expect(alertMessages()).toEqual(["error: Quantity is too large"]);
  });

  it("falls back to the catalogue text when the envelope has no errmsg", async () => {
    const error = await rejection(client.callApi("get", "no-errmsg", anything, { notify: true }));
    expect(error.code).toBe(403);
    expect(alertMessages()).toEqual(["error: Current account does not have permission to access"]);
  });

  it('shows "Gateway error!" for a non-JSON 502', async () => {
    const error = await rejection(client.callApi("get", "gateway", anything, { notify: true }));
    expect(error.code).toBe(502);
    expect(error.message).toBe("Gateway error!");
    expect(alertMessages()).toEqual(["error: Gateway error!"]);
  });

  it("reports a network error with code 0 when the connection drops", async () => {
    const error = await rejection(client.callApi("get", "drop", anything, { notify: true }));
    expect(error.code).toBe(0);
    expect(alertMessages()).toEqual(["error: Network error! Please try again later"]);
  });

  it("ends the client session on a 401, shows nothing and stays on the page", async () => {
    const assign = vi.fn<(url: string | URL) => void>();
    vi.stubGlobal("location", { ...window.location, assign });
    document.cookie = "signed_in=1; path=/";
    store.appStore.set(atoms.hasSessionAtom, true);
    store.appStore.set(atoms.usernameAtom, "Ada");
    store.appStore.set(atoms.isOperatorAtom, true);

    const error = await rejection(client.callApi("get", "expired", anything, { notify: true }));

    expect(error.code).toBe(401);
    expect(error.message).toBe("Login session expired! Please log in again");
    expect(store.appStore.get(atoms.hasSessionAtom)).toBe(false);
    expect(store.appStore.get(atoms.usernameAtom)).toBeNull();
    expect(store.appStore.get(atoms.isOperatorAtom)).toBe(false);
    expect(document.cookie).not.toContain("signed_in=1");
    // Going to log in is the caller's (loginOnExpiry), which says why.
    expect(alertMessages()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(getCookie("login_return_path")).toBeUndefined();
  });

  it("leaves the session alone for a 401 that is the call's own answer", async () => {
    document.cookie = "signed_in=1; path=/";
    store.appStore.set(atoms.hasSessionAtom, true);
    const error = await rejection(client.callApi("get", "expired", anything, { allowAnonymous: true }));
    expect(error.code).toBe(401);
    expect(store.appStore.get(atoms.hasSessionAtom)).toBe(true);
    expect(document.cookie).toContain("signed_in=1");
    expect(alertMessages()).toEqual([]);
  });

  it("solves a proof-of-work puzzle the server sets and sends the call again with the proof", async () => {
    await expect(client.callApi("post", "busy", z.string(), { json: { email: "a@example.com" } })).resolves.toBe("accepted");
    expect(recorded.map((call) => call.body)).toEqual(['{"email":"a@example.com"}', '{"email":"a@example.com"}']);
    expect(recorded[0]?.headers[PROOF_HEADER.toLowerCase()]).toBeUndefined();
    expect(recorded[1]?.headers[PROOF_HEADER.toLowerCase()]).toMatch(new RegExp(`^\\d+:${PUZZLE}$`));
    expect(alertMessages()).toEqual([]);
  });

  it("raises the loading count during a blocking call and lowers it afterwards", async () => {
    const call = client.callApi("get", "slow", z.string(), { blocking: true });
    expect(store.appStore.get(atoms.loadingCountAtom)).toBe(1);
    await expect(call).resolves.toBe("done");
    expect(store.appStore.get(atoms.loadingCountAtom)).toBe(0);
  });

  it("lowers the loading count after a blocking call fails", async () => {
    const call = client.callApi("get", "missing", anything, { blocking: true });
    expect(store.appStore.get(atoms.loadingCountAtom)).toBe(1);
    await rejection(call);
    expect(store.appStore.get(atoms.loadingCountAtom)).toBe(0);
  });

  it("leaves the loading count alone for a non-blocking call", async () => {
    const call = client.callApi("get", "slow", anything);
    expect(store.appStore.get(atoms.loadingCountAtom)).toBe(0);
    await call;
  });
});
