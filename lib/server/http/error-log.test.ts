// @vitest-environment node
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it, vi } from "vitest";
import { describeError } from "@/lib/server/base/error-log";
import { errorResponse } from "./handler";
import { log } from "@/lib/server/log";

const SQL = 'update "users" set "username" = $1, "phone" = $2 where "users"."id" = $3';
const PARAMS = ["Ada\u0000Park", "713 555 0147", "0b7c6a5e-4d3c-4b2a-9f1e-0d9c8b7a6f5e"];

function failedQuery(): DrizzleQueryError {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code: "22021",
    query: SQL,
    params: PARAMS,
  });
  return new DrizzleQueryError(SQL, PARAMS, cause);
}

describe("describeError", () => {
  it("names a failed query's class and the database's code and message, never the statement or its parameters", () => {
    const text = describeError(failedQuery());
    expect(text).toContain("DrizzleQueryError");
    expect(text).toContain('22021: invalid byte sequence for encoding "UTF8": 0x00');
    expect(text).not.toContain("update");
    expect(text).not.toContain("713 555 0147");
    expect(text).not.toContain("Ada");
  });

  it("keeps where it was thrown, as stack frames", () => {
    expect(describeError(new TypeError("Cannot read properties of undefined"))).toMatch(/^TypeError: Cannot read .*\n {2}at /);
  });

  it("says what was thrown when it is not an Error", () => {
    expect(describeError("boom")).toBe("a thrown string");
  });
});

describe("an unhandled error in a route", () => {
  it("answers a bare 500 and logs one compact description", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const response = errorResponse(failedQuery());
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 500,
      body: { code: 500, data: null, errmsg: "Service exception!" },
    });
    expect(logged).toHaveBeenCalledTimes(1);
    const [fields, line] = logged.mock.calls[0] ?? [];
    expect(typeof line).toBe("string");
    expect(String(line)).not.toContain("713 555 0147");
    expect(String(line)).not.toContain(SQL);
    expect(JSON.stringify(fields)).not.toContain("713 555 0147");
    expect(JSON.stringify(fields)).not.toContain(SQL);
  });
});
