// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ZOD_CONFIG_GLOBAL } from "./zod-config";

const scope = globalThis as typeof globalThis & { [ZOD_CONFIG_GLOBAL]?: object };

describe("zod's settings, written before zod loads", () => {
  afterEach(() => {
    delete scope[ZOD_CONFIG_GLOBAL];
    vi.resetModules();
  });

  it("make a zod loaded afterwards jitless, as instrumentation-client.ts needs", async () => {
    delete scope[ZOD_CONFIG_GLOBAL];
    vi.resetModules();
    await import("@/instrumentation-client");
    const { config } = await import("zod/v4/core");
    expect(config().jitless).toBe(true);
  });
});
