import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { TRUSTED_DEVICE } from "@/lib/config/auth";
import { SECURE_ATTRIBUTE } from "@/lib/config/transport";
import { readCookie } from "./session";
import { signValue, verifySignedValue } from "@/lib/server/base/signed";

// Trusted-device cookies (OWASP "device cookies"): after a successful login the browser keeps a
// signed note "device D signed in as user U". Failed logins that carry it are counted for that
// device alone, so someone guessing the password elsewhere never locks the owner's browser out.

const PURPOSE = "device";
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export interface TrustedDevice {
  userId: string;
  deviceId: string;
}

/** The device a cookie value names, or null when it is missing, forged, altered or expired. */
export function readTrustedDevice(value: string | null): TrustedDevice | null {
  if (!value) return null;
  const payload = verifySignedValue(PURPOSE, value);
  if (!payload || typeof payload.uid !== "string" || typeof payload.did !== "string") return null;
  if (!DEVICE_ID.test(payload.did)) return null;
  return { userId: payload.uid, deviceId: payload.did };
}

/**
 * The rate-limit bucket of a device for an account. It includes the password hash, so after a
 * password reset the owner's browser starts with a clean slate, like the account's own buckets.
 */
export function deviceBucket(device: TrustedDevice, passwordHash: string): string {
  return createHash("sha256").update(`${device.deviceId}:${device.userId}:${passwordHash}`).digest("base64url");
}

/** Set-Cookie for `userId` on this browser, keeping its device id when it already had one. */
export function trustedDeviceCookie(userId: string, previous: TrustedDevice | null): string {
  const deviceId = previous?.userId === userId ? previous.deviceId : randomBytes(16).toString("base64url");
  const value = signValue(PURPOSE, { uid: userId, did: deviceId }, TRUSTED_DEVICE.maxAgeSeconds);
  return `${TRUSTED_DEVICE.cookie}=${value}; Max-Age=${TRUSTED_DEVICE.maxAgeSeconds}; Path=${TRUSTED_DEVICE.path}; HttpOnly; SameSite=Strict${SECURE_ATTRIBUTE}`;
}

/** The trusted device the request's cookie names, if any (the cookie only travels to the login group). */
export function trustedDeviceOf(request: Request): TrustedDevice | null {
  return readTrustedDevice(readCookie(request, TRUSTED_DEVICE.cookie));
}
