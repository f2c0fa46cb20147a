import { atom } from "jotai";

// The global client state (who is signed in, loading, the cart drawer and its refresh flag, the
// device and phone-layout flags), plus the small pieces the shell shares.

/** Display name of the signed-in customer, null when nobody is signed in. */
export const usernameAtom = atom<string | null>(null);

/** Whether the server confirmed a session for this browser. */
export const hasSessionAtom = atom(false);

/** Whether the signed-in user is an operator (role admin), from the profile answer. */
export const isOperatorAtom = atom(false);

/**
 * Until when the signed-in customer's membership runs (the profile's `endsAt`, which includes plans
 * queued after it) while it is "active"; null otherwise. Display only: the server prices every
 * order and refuses what a member may not buy.
 */
export const memberUntilAtom = atom<string | null>(null);

/** Whether the signed-in customer's membership is active: the pages then show member prices as the price to pay. */
export const isMemberAtom = atom((get) => get(memberUntilAtom) !== null);

/** Number of operations that currently want the full-screen spinner. */
export const loadingCountAtom = atom(0);
export const isLoadingAtom = atom((get) => get(loadingCountAtom) > 0);

export const cartDrawerOpenAtom = atom(false);

export const referralCodeAtom = atom<string | null>(null);

/** Number of items in the cart, shown on the badge. */
export const cartCountAtom = atom(0);
