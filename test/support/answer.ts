import { expect } from "vitest";
import type { Envelope } from "@/lib/api/envelope";

// What a route handler answered, as the integration tests compare it: the HTTP status and the
// envelope `{ code, data, errmsg, errors? }` (docs/api.md). Nothing here imports the app's runtime
// code, so a suite that changes the environment before it loads the routes can import it first.

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export async function read<T = unknown>(response: Response): Promise<Answer<T>> {
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** The data of a 200 answer (the failure's body in the assertion message otherwise). */
export function dataOf<T>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (answer.body.data === null) throw new Error(`A 200 answer without data: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}
