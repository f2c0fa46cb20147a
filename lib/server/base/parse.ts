import "server-only";
import type { z } from "zod";
import type { FieldError } from "@/lib/schemas/envelope";
import { AppError } from "./errors";

// Input checked against a schema, wherever it comes from (a body, a query, a stored value, a
// provider's answer): one 422 with a path per field, the envelope's `errors`.

/** `root` names the whole input (an unknown key has no field of its own): "body" or "query". */
export function fieldErrors(error: z.ZodError, root = "body"): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || root,
    message: issue.message,
  }));
}

function validationError(error: z.ZodError, root: string): AppError {
  const errors = fieldErrors(error, root);
  const first = errors[0];
  return new AppError(422, first ? `${first.path}: ${first.message}` : "The request is not valid.", errors);
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown, root = "body"): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, root);
  return parsed.data;
}
