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
/** Stands for queueing the e-mail: counts what was sent. */
function mailer() {
  let sent = 0;
  return {
    send: async () => {
      sent += 1;
      return "sent";
    },
    sent: () => sent,
  };
}

describe("CodeThrottle", () => {
  it("lets an address ask for 20 codes an hour, then says how long to wait", async () => {
    const throttle = new CodeThrottle(memoryStore());
    const mail = mailer();
    for (let i = 0; i < CODE_REQUEST_LIMITS.perIp.points; i += 1) await throttle.admitRequest(ip, null, mail.send);
    await expect(throttle.admitRequest(ip, null, mail.send)).rejects.toMatchObject({
      code: 429,
      message: "Too many codes have been requested. Please wait 1 hour and try again.",
      headers: { "Retry-After": "3600" },
    });
    expect(mail.sent()).toBe(CODE_REQUEST_LIMITS.perIp.points);
    await expect(throttle.admitRequest("203.0.113.10", null, mail.send)).resolves.toBe("sent");
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
    const mail = mailer();
    // Callers whose address is unknown: nothing counts them apart, and nothing refuses them.
    for (let i = 0; i < env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR; i += 1) await throttle.admitRequest(null, null, mail.send);
    const owed = await throttle.admitRequest(null, null, mail.send).catch((error: unknown) => error);
    expect(owed).toMatchObject({ code: 428 });
    const challenge = parseChallenge(owed instanceof AppError ? (owed.headers[PROOF_CHALLENGE_HEADER] ?? null) : null);
    expect(challenge?.bits).toBe(PROOF_OF_WORK.minBits);
    if (!challenge) throw new Error("no puzzle");
    const proof = formatProof(challenge.token, await solveChallenge(challenge));
    await expect(throttle.admitRequest(null, proof, mail.send)).resolves.toBe("sent");
    // A proof is good once, and a made-up one is none.
    await expect(throttle.admitRequest(null, proof, mail.send)).rejects.toMatchObject({ code: 428 });
    let wrong = 0;
    while (solves(challenge.token, wrong, challenge.bits)) wrong += 1;
    await expect(throttle.admitRequest(null, formatProof(challenge.token, wrong), mail.send)).rejects.toMatchObject({ code: 428 });
    expect(mail.sent()).toBe(env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR + 1);
  });

  it("counts each e-mail before it is queued: of a burst sent at once only the hourly number is sent, the rest owe a puzzle", async () => {
    const throttle = new CodeThrottle(memoryStore());
    const mail = mailer();
    const burst = env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR + 100;
    const answers = await Promise.all(
      Array.from({ length: burst }, () => throttle.admitRequest(null, null, mail.send).catch((error: unknown) => error)),
    );
    expect(mail.sent()).toBe(env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR);
    expect(answers.filter((answer) => answer instanceof AppError && answer.code === 428)).toHaveLength(100);
  });

  it("gives the count back when no e-mail was queued", async () => {
    const throttle = new CodeThrottle(memoryStore());
    const mail = mailer();
    const tooSoon = () => Promise.reject(AppError.tooManyRequests("Please wait 60 seconds before asking for a new code.", 60));
    for (let i = 0; i < env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR; i += 1)
      await expect(throttle.admitRequest(null, null, tooSoon)).rejects.toMatchObject({ code: 429 });
    // None of those was an e-mail, so the next ones still owe nothing.
    for (let i = 0; i < env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR; i += 1) await throttle.admitRequest(null, null, mail.send);
    expect(mail.sent()).toBe(env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR);
    await expect(throttle.admitRequest(null, null, mail.send)).rejects.toMatchObject({ code: 428 });
  });
});
