// Proof of work, shared by the server (which issues and checks puzzles) and the browser (which
// solves them). A puzzle is a signed token and a number of bits; a solution is a nonce such that
// SHA-256("<token>:<nonce>") starts with that many zero bits. It costs a browser about 2^bits
// digests and the server one: under a flood from callers it cannot tell apart, the shop asks every
// caller for one instead of refusing them all.

/** The answer to a call that needs a proof: 428, with the puzzle in this header as "<bits>:<token>". */
export const PROOF_CHALLENGE_HEADER = "X-Proof-Of-Work-Challenge";
/** The retried call carries the solution in this header as "<nonce>:<token>". */
export const PROOF_HEADER = "X-Proof-Of-Work";
export const PROOF_REQUIRED_STATUS = 428;

export interface Challenge {
  token: string;
  bits: number;
}

export function formatChallenge({ token, bits }: Challenge): string {
  return `${bits}:${token}`;
}

export function parseChallenge(value: string | null): Challenge | null {
  const match = value ? /^(\d{1,2}):([\w.-]{1,512})$/.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  return { bits: Number(match[1]), token: match[2] };
}

export function formatProof(token: string, nonce: number): string {
  return `${nonce}:${token}`;
}

export function parseProof(value: string | null): { token: string; nonce: number } | null {
  const match = value ? /^(\d{1,15}):([\w.-]{1,512})$/.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  return { nonce: Number(match[1]), token: match[2] };
}
