// @vitest-environment node
import { describe, expect, it } from "vitest";
import { CODE_GUESS_LIMITS, CODE_REQUEST_LIMITS, PROOF_OF_WORK } from "@/lib/config/auth";
import { env } from "@/lib/config/env";
import { formatProof, parseChallenge, PROOF_CHALLENGE_HEADER } from "@/lib/proof-of-work/protocol";
import { solveChallenge, solves } from "@/lib/proof-of-work/solver";
import { AppError } from "@/lib/server/base/errors";
import { CodeThrottle } from "./code-throttle";
import { memoryStore } from "./store";

const ip = "203.0.113.9";
const wrongCode = () => Promise.reject(new AppError(400, "The code is not correct."));

describe("CodeThrottle", () => {
  it("lets an address ask for 20 codes an hour, then says how long to wait", async () => {
    const throttle = new CodeThrottle(memoryStore());
    for (let i = 0; i < CODE_REQUEST_LIMITS.perIp.points; i += 1) await throttle.admitRequest(ip, null);
    await expect(throttle.admitRequest(ip, null)).rejects.toMatchObject({
      code: 429,
      message: "Too many codes have been requested. Please wait 1 hour and try again.",
      headers: { "Retry-After": "3600" },
    });
    await expect(throttle.admitRequest("203.0.113.10", null)).resolves.toBeUndefined();
  });

  it("counts wrong codes per address, and only wrong ones", async () => {
    const throttle = new CodeThrottle(memoryStore());
    for (let i = 0; i < 10; i += 1) await expect(throttle.guarded(ip, async () => "ok")).resolves.toBe("ok");
    // A failure that is not about the code (the database, say) does not count either.
    for (let i = 0; i < 10; i += 1)
      await expect(throttle.guarded(ip, () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    for (let i = 0; i < CODE_GUESS_LIMITS.perIp.points; i += 1)
      await expect(throttle.guarded(ip, wrongCode)).rejects.toMatchObject({ code: 400 });
    let checked = false;
    const refused = throttle.guarded(ip, async () => {
      checked = true;
    });
    await expect(refused).rejects.toMatchObject({ code: 429, message: expect.stringContaining("Too many wrong codes") });
    expect(checked).toBe(false);
    await expect(throttle.guarded("198.51.100.1", async () => "ok")).resolves.toBe("ok");
  });

  it("past the hourly number of code e-mails, asks every caller for a proof of work instead of refusing them", async () => {
    const throttle = new CodeThrottle(memoryStore());
    // Callers whose address is unknown: nothing counts them apart, and nothing refuses them.
    for (let i = 0; i < env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR; i += 1) await throttle.admitRequest(null, null);
    const owed = await throttle.admitRequest(null, null).catch((error: unknown) => error);
    expect(owed).toMatchObject({ code: 428 });
    const challenge = parseChallenge(owed instanceof AppError ? (owed.headers[PROOF_CHALLENGE_HEADER] ?? null) : null);
    expect(challenge?.bits).toBe(PROOF_OF_WORK.minBits);
    if (!challenge) throw new Error("no puzzle");
    const proof = formatProof(challenge.token, await solveChallenge(challenge));
    await expect(throttle.admitRequest(null, proof)).resolves.toBeUndefined();
    // A proof is good once, and a made-up one is none.
    await expect(throttle.admitRequest(null, proof)).rejects.toMatchObject({ code: 428 });
    let wrong = 0;
    while (solves(challenge.token, wrong, challenge.bits)) wrong += 1;
    await expect(throttle.admitRequest(null, formatProof(challenge.token, wrong))).rejects.toMatchObject({ code: 428 });
  });
});
