// @vitest-environment node
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/server/base/errors";
import { assertPasswordAcceptable, hashPassword, HashQueue, verifyPassword } from "./password";

function problem(password: string): string | null {
  try {
    assertPasswordAcceptable(password);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.errors[0]?.message ?? error.message;
    throw error;
  }
}

describe("password rules", () => {
  it("accepts 8 to 128 characters with no composition rules", () => {
    expect(problem("plain words here")).toBeNull();
    expect(problem("x".repeat(8).replace(/^x/, "y"))).toBeNull();
    expect(problem("é".repeat(128))).toBeNull();
  });

  it("refuses fewer than 8 and more than 128 characters, counting characters not bytes", () => {
    expect(problem("short1!")).toBe("Use at least 8 characters.");
    expect(problem("😀".repeat(7))).toBe("Use at least 8 characters.");
    expect(problem("a".repeat(129))).toBe("Use at most 128 characters.");
  });

  it("refuses common passwords whatever their case", () => {
    expect(problem("Password123")).toMatch(/too common/);
    expect(problem("QWERTYUIOP")).toMatch(/too common/);
  });
});

describe("password hashing", () => {
  it("hashes with argon2id (19 MiB, 2 passes) and verifies only the same password, in full", async () => {
    const long = `${"a".repeat(100)}-end`;
    const stored = await hashPassword(long);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, long, "anonymous")).toBe(true);
    // No truncation: a different ending is a different password.
    expect(await verifyPassword(stored, `${"a".repeat(100)}-END`, "anonymous")).toBe(false);
  });

  it("answers false for an account without a password, after doing the same work", async () => {
    expect(await verifyPassword(null, "anything", "anonymous")).toBe(false);
    expect(await verifyPassword("not a hash", "anything", "vouched")).toBe(false);
  });
});

describe("HashQueue", () => {
  it("runs at most `concurrency` hashes at once and the rest in order", async () => {
    const queue = new HashQueue(2, 10_000);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (id: number) =>
      queue.run("anonymous", async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        order.push(id);
        return id;
      });
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map(work))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5, 6]);
    expect(queue.queued).toBe(0);
  });

  it("refuses work that waited too long with a 503 and Retry-After, and keeps going", async () => {
    const queue = new HashQueue(1, 20);
    const slow = queue.run("anonymous", () => new Promise((resolve) => setTimeout(resolve, 60)));
    const late = queue.run("vouched", async () => "ran");
    await expect(late).rejects.toMatchObject({ code: 503, headers: { "Retry-After": "5" } });
    await slow;
    await expect(queue.run("anonymous", async () => "ran")).resolves.toBe("ran");
  });

  it("frees its slot when the work fails", async () => {
    const queue = new HashQueue(1, 10_000);
    await expect(queue.run("anonymous", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(queue.run("anonymous", async () => "ran")).resolves.toBe("ran");
  });

  it("gives the next free slot to vouched work, ahead of anonymous work that queued before it", async () => {
    const queue = new HashQueue(1, 10_000);
    const order: string[] = [];
    const work = (line: "vouched" | "anonymous", id: string) =>
      queue.run(line, async () => {
        order.push(id);
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
    const burst = Array.from({ length: 20 }, (_, index) => work("anonymous", `anonymous ${index}`));
    const customer = work("vouched", "customer");
    await Promise.all([...burst, customer]);
    // The first anonymous hash was already running; the customer's came next.
    expect(order.slice(0, 2)).toEqual(["anonymous 0", "customer"]);
    expect(order.slice(2)).toEqual(Array.from({ length: 19 }, (_, index) => `anonymous ${index + 1}`));
  });
});
