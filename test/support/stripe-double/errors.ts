import type Stripe from "stripe";

/** The `error` member of Stripe's error answers (https://docs.stripe.com/api/errors). */
export interface StripeErrorObject {
  type: "card_error" | "invalid_request_error" | "idempotency_error" | "api_error";
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  charge?: string;
  doc_url?: string;
  payment_intent?: Stripe.PaymentIntent;
  payment_method?: Stripe.PaymentMethod;
  setup_intent?: Stripe.SetupIntent;
}

export interface StripeErrorBody {
  error: StripeErrorObject;
}

/**
 * An error answer. `started` says whether the endpoint had begun changing things: Stripe saves
 * the answer under the idempotency key only then (a validation error can be retried with the same
 * key, a decline is replayed).
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorObject,
    readonly started = false,
  ) {
    super(error.message);
  }

  get body(): StripeErrorBody {
    return { error: this.error };
  }

  static missingParam(param: string): StripeApiError {
    return new StripeApiError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      message: `Missing required param: ${param}.`,
      param,
      doc_url: docUrl("parameter_missing"),
    });
  }

  static invalidParam(param: string, message: string, code = "parameter_invalid"): StripeApiError {
    return new StripeApiError(400, { type: "invalid_request_error", code, message: `${message}: ${param}`, param });
  }

  static unknownParam(param: string): StripeApiError {
    return new StripeApiError(400, {
      type: "invalid_request_error",
      code: "parameter_unknown",
      message: `Received unknown parameter: ${param}`,
      param,
    });
  }

  static missing(kind: string, id: string, param = "id"): StripeApiError {
    return new StripeApiError(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${kind}: '${id}'`,
      param,
      doc_url: docUrl("resource_missing"),
    });
  }

  static invalidRequest(message: string, code?: string, param?: string): StripeApiError {
    return new StripeApiError(400, {
      type: "invalid_request_error",
      message,
      ...(code ? { code, doc_url: docUrl(code) } : {}),
      ...(param ? { param } : {}),
    });
  }
}

export function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replaceAll("_", "-")}`;
}
