// @vitest-environment node
import { describe, expect, it } from "vitest";
import { describeConnectionLoss, isConnectionLoss } from "./connection-loss";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** How drizzle hands on a driver's error. */
const wrapped = (cause: unknown) => new Error('Failed query: select "sku" from "products"\nparams: ', { cause });

describe("isConnectionLoss", () => {
  it.each([
    ["the server ended the session (pg_terminate_backend)", withCode("57P01", "terminating connection due to administrator command")],
    ["a crash shutdown", withCode("57P02")],
    ["a server that cannot take connections yet", withCode("57P03", "the database system is starting up")],
    ["an idle session timeout", withCode("57P05")],
    ["a connection exception (class 08)", withCode("08006", "connection failure")],
    ["a protocol violation (class 08)", withCode("08P01")],
    ["a reset socket", withCode("ECONNRESET", "read ECONNRESET")],
    ["a refused connect", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a broken pipe", withCode("EPIPE")],
    ["a socket closed under a query", new Error("Connection terminated unexpectedly")],
    ["a client ended during a query", new Error("Connection terminated")],
    ["a connect that timed out", new Error("Connection terminated due to connection timeout")],
    ["a query sent to a client whose connection had failed", new Error("Client has encountered a connection error and is not queryable")],
  ])("knows %s, bare and as drizzle wraps it", (_, error) => {
    expect(isConnectionLoss(error)).toBe(true);
    expect(isConnectionLoss(wrapped(error))).toBe(true);
  });

  it("knows a refused connect to every address of a host (AggregateError)", () => {
    const error = new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "");
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505", "duplicate key value violates unique constraint")],
    ["a check violation", withCode("23514")],
    ["a serialization failure", withCode("40001")],
    ["a statement timeout (the connection lives on)", withCode("57014", "canceling statement due to statement timeout")],
    ["a syntax error", withCode("42601")],
    ["a message that merely mentions a lost connection", new Error("Connection terminated unexpectedly, said the user")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["not an error at all", "Connection terminated"],
    ["nothing", null],
  ])("does not take %s for one", (_, error) => {
    expect(isConnectionLoss(error)).toBe(false);
    expect(isConnectionLoss(wrapped(error))).toBe(false);
  });

  it("stops on an error that is its own cause", () => {
    const error = new Error("loop");
    Object.assign(error, { cause: error });
    expect(isConnectionLoss(error)).toBe(false);
  });
});

describe("describeConnectionLoss", () => {
  it("names the code and the driver's message, never the statement or its values", () => {
    const line = describeConnectionLoss(wrapped(withCode("57P01", "terminating connection due to administrator command")));
    expect(line).toBe("57P01 terminating connection due to administrator command");
    expect(describeConnectionLoss(wrapped(new Error("Connection terminated unexpectedly")))).toBe("Connection terminated unexpectedly");
  });
});
