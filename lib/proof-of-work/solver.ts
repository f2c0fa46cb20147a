import { sha256 } from "@noble/hashes/sha2.js";
import type { Challenge } from "./protocol";

// Solving and checking puzzles (lib/proof-of-work/protocol.ts). The browser loads this only when
// the server asks for a proof.

const encoder = new TextEncoder();

/** How many leading zero bits `digest` has. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The hash state after "<token>:", so each try hashes only its nonce. */
function prefixState(token: string) {
  return sha256.create().update(encoder.encode(`${token}:`));
}

/** True when `nonce` solves the puzzle `token` at `bits`. */
export function solves(token: string, nonce: number, bits: number): boolean {
  return (
    leadingZeroBits(
      prefixState(token)
        .update(encoder.encode(String(nonce)))
        .digest(),
    ) >= bits
  );
}

// Tries between yields to the event loop, so a page solving a puzzle stays responsive.
const CHUNK = 20_000;

/** Finds a nonce for the puzzle (about 2^bits tries: 2^18 take well under a second on a laptop). */
export async function solveChallenge({ token, bits }: Challenge): Promise<number> {
  const prefix = prefixState(token);
  for (let start = 0; ; start += CHUNK) {
    for (let nonce = start; nonce < start + CHUNK; nonce += 1) {
      if (
        leadingZeroBits(
          prefix
            .clone()
            .update(encoder.encode(String(nonce)))
            .digest(),
        ) >= bits
      )
        return nonce;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
