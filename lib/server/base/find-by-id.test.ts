// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { AppError } from "./errors";
import { findById } from "./find-by-id";

const id = "0b7f6c1e-7a8d-4d7e-9c55-2f1d3b4a5c6d";

describe("findById", () => {
  it("answers the record the service loads", async () => {
    await expect(findById(id, async (given) => ({ given }))).resolves.toEqual({ given: id });
  });

  it.each([undefined, "", "not-an-id", `${id}x`])("answers null for the id %s without asking the service", async (bad) => {
    const load = vi.fn(async () => "never");
    await expect(findById(bad, load)).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("answers null when the service says 404 (unknown, or someone else's)", async () => {
    await expect(findById(id, () => Promise.reject(new AppError(404, "This order does not exist.")))).resolves.toBeNull();
  });

  it("passes any other failure on", async () => {
    await expect(findById(id, () => Promise.reject(new AppError(403, "Operators only.")))).rejects.toMatchObject({ code: 403 });
    await expect(findById(id, () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
  });
});
