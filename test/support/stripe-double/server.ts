import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type Stripe from "stripe";
import { StripeApiError, type StripeErrorBody } from "./errors";
import { canonicalForm, parseForm, Params, type FormObject } from "./form";
import type { IdempotencyStore } from "./idempotency";
import { newId } from "./objects";
import { readParams } from "./params-schema";
import type { SchemaName } from "./schema-names";
import { searchPaymentIntents } from "./search";
import { API_VERSION, dashboardContext, type ChangeContext, type DoubleState } from "./state";
import { cardFrameHtml, challengeHtml, stripeJsSource } from "./stripe-js";
import type { WebhookSender } from "./webhooks";

// The HTTP face of the double: Stripe's /v1 API (form bodies in, JSON out, Stripe's auth, error
// shapes and idempotency), the Stripe.js stand-in and its frames, and the /_double control routes.

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  headers: Record<string, string>;
  /** Which key authenticated it. */
  key: "secret" | "publishable" | null;
  status: number;
}

export interface DoubleKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** The control operations the /_double routes expose (the same ones StripeDouble offers). */
export interface DoubleControl {
  setWebhookUrl(url: string | null): void;
  holdWebhooks(): void;
  releaseWebhooks(): Promise<void>;
  events(): Stripe.Event[];
  redeliver(eventId: string, options?: { signedAt?: number; secret?: string }): Promise<number>;
  completeAuthentication(intentId: string, outcome: "succeed" | "fail"): Promise<unknown>;
  refundFromDashboard(paymentIntentId: string, amount?: number): Promise<Stripe.Refund>;
  failRefund(refundId: string, failureReason?: string): Promise<Stripe.Refund>;
  createDispute(paymentIntentId: string, reason?: string): Promise<Stripe.Dispute>;
  closeDispute(disputeId: string, status: string): Promise<Stripe.Dispute>;
  setDelay(ms: number): void;
  reset(): void;
}

export interface ServerDependencies {
  keys: DoubleKeys;
  state: DoubleState;
  webhooks: WebhookSender;
  idempotency: IdempotencyStore;
  requests: RecordedRequest[];
  control: DoubleControl;
  /** Time each API request takes, so concurrent requests really overlap. */
  latencyMs: number;
  /** Time every /v1 answer waits, once done, before it is sent (POST /_double/delay); 0: none. */
  answerDelayMs(): number;
}

type KeyKind = "secret" | "publishable";

interface ApiCall {
  match: RegExpExecArray;
  params: Params;
  expand: ReadonlySet<string>;
  context: ChangeContext;
  key: KeyKind;
}

interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  /** Stripe.js may call it with the publishable key (with the intent's client_secret where named). */
  publishable: false | true | "payment_intent" | "setup_intent";
  /** The stripe library's parameter type for this endpoint: its generated schema checks every request. */
  params: SchemaName;
  handle: (call: ApiCall) => unknown;
}

function list<T>(data: T[], url: string, params: Params): Stripe.ApiList<T> {
  const limit = Math.min(Math.max(params.integer("limit") ?? 10, 1), 100);
  let items = data;
  const after = params.string("starting_after");
  const before = params.string("ending_before");
  const idOf = (item: T) => (typeof item === "object" && item !== null && "id" in item ? String(item.id) : "");
  if (after) items = items.slice(items.findIndex((item) => idOf(item) === after) + 1);
  if (before)
    items = items.slice(
      0,
      Math.max(
        items.findIndex((item) => idOf(item) === before),
        0,
      ),
    );
  return { object: "list", data: items.slice(0, limit), has_more: items.length > limit, url };
}

/** `created=<t>` or `created[gt|gte|lt|lte]=<t>` of list endpoints, as a test of a timestamp. */
function createdWithin(params: Params): (created: number) => boolean {
  const exact = params.has("created") && typeof params.raw.created === "string" ? params.integer("created") : undefined;
  const range = exact === undefined ? params.object("created") : undefined;
  const bounds = { gt: range?.integer("gt"), gte: range?.integer("gte"), lt: range?.integer("lt"), lte: range?.integer("lte") };
  return (created) =>
    (exact === undefined || created === exact) &&
    (bounds.gt === undefined || created > bounds.gt) &&
    (bounds.gte === undefined || created >= bounds.gte) &&
    (bounds.lt === undefined || created < bounds.lt) &&
    (bounds.lte === undefined || created <= bounds.lte);
}

function routes(state: DoubleState): Route[] {
  return [
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      params: "CustomerCreateParams",
      publishable: false,
      handle: ({ params, context }) => state.createCustomer(params, context),
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      params: "CustomerRetrieveParams",
      publishable: false,
      handle: ({ match }) => state.customer(match[1] ?? ""),
    },
    {
      method: "POST",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      params: "CustomerUpdateParams",
      publishable: false,
      handle: ({ match, params, context }) => state.updateCustomer(match[1] ?? "", params, context),
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      params: "CustomerListPaymentMethodsParams",
      publishable: false,
      handle: ({ match, params }) =>
        list(state.customerPaymentMethods(match[1] ?? "", params.string("type")), `/v1/customers/${match[1]}/payment_methods`, params),
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods\/([^/]+)$/,
      params: "CustomerRetrievePaymentMethodParams",
      publishable: false,
      handle: ({ match }) => {
        const method = state.paymentMethodRecord(match[2] ?? "").method;
        if (method.customer !== match[1]) throw StripeApiError.missing("PaymentMethod", match[2] ?? "");
        return method;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods$/,
      params: "PaymentMethodCreateParams",
      publishable: true,
      handle: ({ params }) => state.createPaymentMethod(params),
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_methods$/,
      params: "PaymentMethodListParams",
      publishable: false,
      handle: ({ params }) => {
        const customer = params.string("customer");
        if (!customer) throw StripeApiError.missingParam("customer");
        return list(state.customerPaymentMethods(customer, params.string("type")), "/v1/payment_methods", params);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      params: "PaymentMethodRetrieveParams",
      publishable: false,
      handle: ({ match }) => state.paymentMethodRecord(match[1] ?? "").method,
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      params: "PaymentMethodAttachParams",
      publishable: false,
      handle: ({ match, params, context }) => state.attachPaymentMethod(match[1] ?? "", params.requiredString("customer"), context),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      params: "PaymentMethodDetachParams",
      publishable: false,
      handle: ({ match, context }) => state.detachPaymentMethod(match[1] ?? "", context),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents$/,
      params: "PaymentIntentCreateParams",
      publishable: false,
      handle: ({ params, context, expand }) => state.expandPaymentIntent(state.createPaymentIntent(params, context), expand),
    },
    {
      // Before the retrieve below, whose pattern would take "search" for an id.
      method: "GET",
      pattern: /^\/v1\/payment_intents\/search$/,
      params: "PaymentIntentSearchParams",
      publishable: false,
      handle: ({ params }) => searchPaymentIntents([...state.paymentIntents.values()], params),
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      params: "PaymentIntentRetrieveParams",
      publishable: "payment_intent",
      handle: ({ match, expand }) => state.expandPaymentIntent(state.paymentIntent(match[1] ?? ""), expand),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      params: "PaymentIntentUpdateParams",
      publishable: false,
      handle: ({ match, params, expand }) => state.expandPaymentIntent(state.updatePaymentIntent(match[1] ?? "", params), expand),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      params: "PaymentIntentConfirmParams",
      publishable: "payment_intent",
      handle: ({ match, params, context, expand }) =>
        state.expandPaymentIntent(state.confirmPaymentIntent(match[1] ?? "", params, context), expand),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      params: "PaymentIntentCancelParams",
      publishable: false,
      handle: ({ match, params, context, expand }) =>
        state.expandPaymentIntent(state.cancelPaymentIntent(match[1] ?? "", params, context), expand),
    },
    {
      method: "POST",
      pattern: /^\/v1\/setup_intents$/,
      params: "SetupIntentCreateParams",
      publishable: false,
      handle: ({ params, context, expand }) => state.expandSetupIntent(state.createSetupIntent(params, context), expand),
    },
    {
      method: "GET",
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      params: "SetupIntentRetrieveParams",
      publishable: "setup_intent",
      handle: ({ match, expand }) => state.expandSetupIntent(state.setupIntent(match[1] ?? ""), expand),
    },
    {
      method: "POST",
      pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      params: "SetupIntentConfirmParams",
      publishable: "setup_intent",
      handle: ({ match, params, context, expand }) =>
        state.expandSetupIntent(state.confirmSetupIntent(match[1] ?? "", params, context), expand),
    },
    {
      method: "POST",
      pattern: /^\/v1\/setup_intents\/([^/]+)\/cancel$/,
      params: "SetupIntentCancelParams",
      publishable: false,
      handle: ({ match, params, context, expand }) =>
        state.expandSetupIntent(state.cancelSetupIntent(match[1] ?? "", params, context), expand),
    },
    {
      method: "GET",
      pattern: /^\/v1\/charges\/([^/]+)$/,
      params: "ChargeRetrieveParams",
      publishable: false,
      handle: ({ match, expand }) => state.expandCharge(state.charge(match[1] ?? ""), expand),
    },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      params: "RefundCreateParams",
      publishable: false,
      handle: ({ params, context, expand }) => state.expandRefund(state.createRefund(params, context), expand),
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      params: "RefundRetrieveParams",
      publishable: false,
      handle: ({ match, expand }) => {
        const refund = state.refunds.get(match[1] ?? "");
        if (!refund) throw StripeApiError.missing("refund", match[1] ?? "");
        return state.expandRefund(refund, expand);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/disputes\/([^/]+)$/,
      params: "DisputeRetrieveParams",
      publishable: false,
      handle: ({ match }) => {
        const dispute = state.disputes.get(match[1] ?? "");
        if (!dispute) throw StripeApiError.missing("dispute", match[1] ?? "");
        return dispute;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/events\/([^/]+)$/,
      params: "EventRetrieveParams",
      publishable: false,
      handle: ({ match }) => {
        const event = state.events.find((candidate) => candidate.id === match[1]);
        if (!event) throw StripeApiError.missing("event", match[1] ?? "");
        return event;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/events$/,
      params: "EventListParams",
      publishable: false,
      handle: ({ params }) => {
        const type = params.string("type");
        const types = params.stringArray("types");
        const matches = (name: string) => {
          if (type) return type.endsWith(".*") ? name.startsWith(type.slice(0, -1)) : name === type;
          return !types || types.includes(name);
        };
        const created = createdWithin(params);
        return list(
          [...state.events].reverse().filter((event) => matches(event.type) && created(event.created)),
          "/v1/events",
          params,
        );
      },
    },
  ];
}

/** Parameters Stripe.js adds to every call; not part of the operation. */
const CLIENT_PARAMS = ["key", "client_secret", "_stripe_version", "_stripe_account", "use_stripe_sdk", "expected_payment_method_type"];

/** Endpoints whose `payment_method_types` the library's API version took away (2026-09-30.endive). */
const NO_PAYMENT_METHOD_TYPES: readonly SchemaName[] = [
  "PaymentIntentCreateParams",
  "PaymentIntentUpdateParams",
  "PaymentIntentConfirmParams",
  "SetupIntentCreateParams",
];

/** Stripe's 400 for parameters the library's type for the endpoint does not allow, or null. Not kept under an idempotency key. */
function refusedParams(name: SchemaName, form: FormObject): StripeApiError | null {
  if (NO_PAYMENT_METHOD_TYPES.includes(name) && form.payment_method_types !== undefined) {
    return StripeApiError.invalidRequest(
      `The \`payment_method_types\` parameter is no longer supported on API version ${API_VERSION}. Use \`allowed_payment_method_types\` or \`excluded_payment_method_types\` instead.`,
      "payment_method_types_no_longer_supported",
      "payment_method_types",
    );
  }
  try {
    readParams(name, form);
    return null;
  } catch (error) {
    if (error instanceof StripeApiError) return error;
    throw error;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function headerRecord(request: IncomingMessage): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) result[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return result;
}

function maskKey(key: string): string {
  return `${key.slice(0, 8)}${"*".repeat(Math.max(key.length - 12, 4))}${key.slice(-4)}`;
}

function json(status: number, body: unknown): { status: number; body: string } {
  return { status, body: JSON.stringify(body, null, 2) };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createDoubleServer(deps: ServerDependencies): Server {
  const table = routes(deps.state);
  // Events of an answer go to the sender only after the answer has been written.
  const pendingEvents = new WeakMap<object, Stripe.Event[]>();

  function authenticate(request: IncomingMessage, form: FormObject): { key: KeyKind } | { error: StripeApiError } {
    const header = request.headers.authorization ?? "";
    let presented: string | null = null;
    if (header.startsWith("Bearer ")) presented = header.slice(7).trim();
    else if (header.startsWith("Basic ")) presented = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
    else if (typeof form.key === "string") presented = form.key;
    if (!presented) {
      return {
        error: new StripeApiError(401, {
          type: "invalid_request_error",
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        }),
      };
    }
    if (presented === deps.keys.secretKey) return { key: "secret" };
    if (presented === deps.keys.publishableKey) return { key: "publishable" };
    return {
      error: new StripeApiError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${maskKey(presented)}` }),
    };
  }

  function checkClientSecret(route: Route, match: RegExpExecArray, form: FormObject): void {
    const id = match[1] ?? "";
    const secret = form.client_secret;
    if (typeof secret !== "string" || secret === "") throw StripeApiError.missingParam("client_secret");
    const intent = route.publishable === "payment_intent" ? deps.state.paymentIntent(id) : deps.state.setupIntent(id);
    if (intent.client_secret !== secret) {
      const kind = route.publishable === "payment_intent" ? "PaymentIntent" : "SetupIntent";
      throw StripeApiError.invalidRequest(
        `The client_secret provided does not match the client_secret associated with the ${kind}.`,
        undefined,
        "client_secret",
      );
    }
  }

  async function api(
    request: IncomingMessage,
    url: URL,
    raw: string,
  ): Promise<{ status: number; body: string; headers: Record<string, string> }> {
    const method = request.method ?? "GET";
    const form = method === "GET" || method === "DELETE" ? parseForm(url.search.slice(1)) : parseForm(raw);
    const requestId = `req_${newId("x").slice(2, 16)}`;
    const idempotencyKey = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
    const headers: Record<string, string> = { "request-id": requestId };
    if (typeof request.headers["stripe-version"] === "string") headers["stripe-version"] = request.headers["stripe-version"];
    const entry: RecordedRequest = {
      method,
      path: url.pathname,
      body: form,
      idempotencyKey,
      headers: headerRecord(request),
      key: null,
      status: 0,
    };
    deps.requests.push(entry);
    const answer = (status: number, body: unknown) => {
      entry.status = status;
      return { ...json(status, body), headers };
    };

    const auth = authenticate(request, form);
    if ("error" in auth) return answer(auth.error.status, auth.error.body);
    entry.key = auth.key;
    const apiKey = auth.key === "secret" ? deps.keys.secretKey : deps.keys.publishableKey;

    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const candidate of table) {
      const found = candidate.pattern.exec(url.pathname);
      if (!found) continue;
      if (candidate.method !== method) continue;
      route = candidate;
      match = found;
      break;
    }
    if (!route || !match) {
      return answer(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${url.pathname}). The Stripe double implements only part of the API.`,
        },
      } satisfies StripeErrorBody);
    }
    if (auth.key === "publishable") {
      if (route.publishable === false) {
        return answer(403, {
          error: {
            type: "invalid_request_error",
            code: "secret_key_required",
            message:
              "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
          },
        } satisfies StripeErrorBody);
      }
      if (route.publishable !== true) {
        try {
          checkClientSecret(route, match, form);
        } catch (error) {
          if (error instanceof StripeApiError) return answer(error.status, error.body);
          throw error;
        }
      }
    }

    const operation: FormObject = { ...form };
    for (const name of CLIENT_PARAMS) delete operation[name];
    // Stripe.js's own additions (its key, version, client secret) ride along on publishable calls;
    // a server's call is checked whole, as Stripe checks it.
    const refusal = refusedParams(route.params, auth.key === "publishable" ? operation : form);
    if (refusal) return answer(refusal.status, refusal.body);
    const keyed = method === "POST" && idempotencyKey !== null;
    if (keyed) {
      const lookup = deps.idempotency.begin(apiKey, idempotencyKey, `${method} ${url.pathname} ${canonicalForm(operation)}`);
      if (lookup.kind === "replay") {
        entry.status = lookup.answer.status;
        return {
          status: lookup.answer.status,
          body: lookup.answer.body,
          headers: {
            ...headers,
            "idempotent-replayed": "true",
            "original-request": lookup.answer.requestId,
            "idempotency-key": idempotencyKey,
          },
        };
      }
      if (lookup.kind === "mismatch") {
        return answer(400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        } satisfies StripeErrorBody);
      }
      if (lookup.kind === "in_use") {
        return answer(409, {
          error: {
            type: "invalid_request_error",
            code: "idempotency_key_in_use",
            message:
              "There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): " +
              `${idempotencyKey}. Please try again later.`,
          },
        } satisfies StripeErrorBody);
      }
      headers["idempotency-key"] = idempotencyKey;
    }

    const context: ChangeContext = { requestId, idempotencyKey, emitted: [] };
    let status = 200;
    let body: unknown;
    let save = true;
    try {
      if (deps.latencyMs > 0) await delay(deps.latencyMs);
      const params = new Params(operation);
      const expand = new Set(params.stringArray("expand") ?? []);
      body = route.handle({ match, params, expand, context, key: auth.key });
    } catch (error) {
      if (error instanceof StripeApiError) {
        status = error.status;
        body = error.body;
        save = error.started;
      } else {
        status = 500;
        body = {
          error: { type: "api_error", message: `The Stripe double failed: ${error instanceof Error ? error.message : String(error)}` },
        };
        save = false;
        headers["stripe-should-retry"] = "false";
      }
    }
    const result = answer(status, body);
    if (keyed) {
      if (save) deps.idempotency.finish(apiKey, idempotencyKey, { status, body: result.body, requestId });
      else deps.idempotency.abandon(apiKey, idempotencyKey);
    }
    pendingEvents.set(result, context.emitted);
    return result;
  }

  async function controlRoute(request: IncomingMessage, url: URL, raw: string): Promise<{ status: number; body: string }> {
    const method = request.method ?? "GET";
    const input: Record<string, unknown> =
      (request.headers["content-type"] ?? "").includes("application/json") && raw ? parseJsonObject(raw) : parseForm(raw);
    const text = (name: string): string | undefined => {
      const value = input[name];
      return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
    };
    const number = (name: string): number | undefined => {
      const value = text(name);
      return value === undefined || value === "" ? undefined : Number(value);
    };
    const control = deps.control;
    const action = `${method} ${url.pathname.slice("/_double".length)}`;
    switch (action) {
      case "POST /webhook-url": {
        const target = text("url");
        control.setWebhookUrl(target ? target : null);
        return json(200, { url: target ? target : null });
      }
      case "POST /hold":
        control.holdWebhooks();
        return json(200, { held: true });
      case "POST /release":
        await control.releaseWebhooks();
        return json(200, { held: false });
      case "GET /events":
        return json(200, control.events());
      case "GET /deliveries":
        return json(200, deps.webhooks.deliveries());
      case "GET /requests":
        return json(200, deps.requests);
      case "POST /redeliver": {
        const status = await control.redeliver(text("event") ?? "", { signedAt: number("signed_at"), secret: text("secret") });
        return json(200, { status });
      }
      case "POST /complete-authentication": {
        const outcome = text("outcome");
        if (outcome !== "succeed" && outcome !== "fail") throw StripeApiError.invalidParam("outcome", "Expected succeed or fail");
        return json(200, await control.completeAuthentication(text("intent") ?? "", outcome));
      }
      case "POST /refund":
        return json(200, await control.refundFromDashboard(text("payment_intent") ?? "", number("amount")));
      case "POST /dispute":
        return json(200, await control.createDispute(text("payment_intent") ?? "", text("reason")));
      case "POST /close-dispute":
        return json(200, await control.closeDispute(text("dispute") ?? "", text("status") ?? ""));
      case "POST /fail-refund":
        return json(200, await control.failRefund(text("refund") ?? "", text("failure_reason")));
      case "POST /delay": {
        const ms = number("ms") ?? 0;
        if (!Number.isInteger(ms) || ms < 0) throw StripeApiError.invalidParam("ms", "Expected a whole number of milliseconds, 0 or more");
        control.setDelay(ms);
        return json(200, { delay_ms: ms });
      }
      case "POST /reset":
        control.reset();
        return json(200, { reset: true });
      default:
        return json(404, { error: { type: "invalid_request_error", message: `No control route ${action}` } });
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://double.invalid");
    const origin = `http://${request.headers.host ?? "127.0.0.1"}`;
    // Stripe.js calls the API from the shop's pages, another origin.
    response.setHeader("access-control-allow-origin", "*");
    response.setHeader("access-control-allow-headers", "authorization, content-type, idempotency-key, stripe-version");
    response.setHeader("access-control-allow-methods", "GET, POST, DELETE, OPTIONS");
    response.setHeader("access-control-expose-headers", "request-id, idempotent-replayed, original-request, idempotency-key");
    if (request.method === "OPTIONS") {
      response.writeHead(204).end();
      return;
    }
    const raw = await readBody(request);
    const path = url.pathname;
    if (path === "/" && request.method === "GET") {
      send(response, 200, "application/json", JSON.stringify({ name: "stripe-double", ok: true }));
      return;
    }
    if (path === "/v3" || path === "/v3/") {
      send(response, 200, "application/javascript; charset=utf-8", stripeJsSource(origin));
      return;
    }
    if (path === "/elements/card") {
      send(response, 200, "text/html; charset=utf-8", cardFrameHtml(origin));
      return;
    }
    if (path === "/3ds/challenge") {
      send(response, 200, "text/html; charset=utf-8", challengeHtml(origin));
      return;
    }
    if (path.startsWith("/_double/")) {
      try {
        const result = await controlRoute(request, url, raw);
        send(response, result.status, "application/json", result.body);
      } catch (error) {
        const failure =
          error instanceof StripeApiError ? error : new StripeApiError(400, { type: "invalid_request_error", message: String(error) });
        send(response, failure.status, "application/json", JSON.stringify(failure.body, null, 2));
      }
      return;
    }
    if (path.startsWith("/v1/")) {
      const result = await api(request, url, raw);
      const events = pendingEvents.get(result) ?? [];
      // The change is made; only the answer is late. A client that gave up meanwhile closed the
      // connection: its events go out all the same, as Stripe's do.
      const delayMs = deps.answerDelayMs();
      if (delayMs > 0) {
        let enqueued = false;
        const enqueue = () => {
          if (!enqueued) deps.webhooks.enqueue(events);
          enqueued = true;
        };
        response.on("close", enqueue);
        await delay(delayMs);
        if (response.destroyed || response.writableEnded) {
          enqueue();
          return;
        }
      } else {
        response.on("finish", () => deps.webhooks.enqueue(events));
      }
      for (const [name, value] of Object.entries(result.headers)) response.setHeader(name, value);
      send(response, result.status, "application/json", result.body);
      return;
    }
    send(
      response,
      404,
      "application/json",
      JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path}).` } }),
    );
  }

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        send(response, 500, "application/json", JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      else response.destroy();
    });
  });
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

function parseJsonObject(raw: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed));
}

/** Control operations from the dashboard's side: their events have no API request. */
export function dashboardChange<T>(webhooks: WebhookSender, change: (context: ChangeContext) => T): T {
  const context = dashboardContext();
  try {
    return change(context);
  } finally {
    webhooks.enqueue(context.emitted);
  }
}
