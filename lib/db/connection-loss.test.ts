// @vitest-environment node
import { describe, expect, it } from "vitest";
import { describeConnectionLoss, isConnectionLoss, markRaisedWhileConnecting, raisedWhileConnecting } from "./connection-loss";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** An error as the pool hands it on when it came while a connection was being made (pool.ts). */
const whileConnecting = (error: Error) => {
  markRaisedWhileConnecting(error);
  return error;
};
/** How drizzle hands on a driver's error. */
const wrapped = (cause: unknown) => new Error('Failed query: select "sku" from "products"\nparams: ', { cause });

describe("isConnectionLoss", () => {
  it.each([
    ["the server ended the session (pg_terminate_backend)", withCode("57P01", "terminating connection due to administrator command")],
    ["a crash shutdown", withCode("57P02")],
    ["a server that cannot take connections yet", withCode("57P03", "the database system is starting up")],
    ["an idle session timeout", withCode("57P05", "terminating connection due to idle-session timeout")],
    ["a database dropped under the connection", withCode("57P04")],
    ["too many connections for a role's CONNECTION LIMIT", withCode("53300", 'too many connections for role "shop"')],
    ["a server at max_connections", withCode("53300", "sorry, too many clients already")],
    [
      "a database not accepting connections, at connect",
      whileConnecting(withCode("55000", 'database "shop" is not currently accepting connections')),
    ],
    ["a full pool whose connections stayed busy past the connect timeout", new Error("timeout exceeded when trying to connect")],
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
    ["55000 raised by an ordinary statement", withCode("55000", 'currval of sequence "orders_seq" is not yet defined in this session')],
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

describe("raisedWhileConnecting", () => {
  it("knows an error the pool marked while connecting, bare and as drizzle wraps it, and nothing else", () => {
    const refused = whileConnecting(withCode("55000"));
    expect(raisedWhileConnecting(refused)).toBe(true);
    expect(raisedWhileConnecting(wrapped(refused))).toBe(true);
    expect(raisedWhileConnecting(withCode("55000"))).toBe(false);
    expect(raisedWhileConnecting("not an error")).toBe(false);
  });

  it("counts 55000 whose connect-time mark sits on a wrapper of it (pg-pool wraps a connect that timed out)", () => {
    const wrapper = whileConnecting(new Error("could not connect", { cause: withCode("55000") }));
    expect(isConnectionLoss(wrapper)).toBe(true);
  });
});

describe("describeConnectionLoss", () => {
  it("names the code and the driver's message, never the statement or its values", () => {
    const line = describeConnectionLoss(wrapped(withCode("57P01", "terminating connection due to administrator command")));
    expect(line).toBe("57P01 terminating connection due to administrator command");
    expect(describeConnectionLoss(wrapped(new Error("Connection terminated unexpectedly")))).toBe("Connection terminated unexpectedly");
  });
});
