// @vitest-environment node
import { describe, expect, it } from "vitest";
import { TRUSTED_DEVICE } from "@/lib/config/auth";
import { signValue } from "@/lib/server/base/signed";
import { deviceBucket, readTrustedDevice, trustedDeviceCookie, trustedDeviceOf } from "./trusted-device";

const userId = "5f0c1a52-8a5e-4f39-9c3f-4d8a2b7c1e01";

function cookieValue(setCookie: string): string {
  return setCookie.slice(setCookie.indexOf("=") + 1, setCookie.indexOf(";"));
}

describe("trusted-device cookie", () => {
  it("is HttpOnly, SameSite=Strict, scoped to the login group and long-lived", () => {
    const setCookie = trustedDeviceCookie(userId, null);
    expect(setCookie.startsWith(`${TRUSTED_DEVICE.cookie}=`)).toBe(true);
    for (const part of ["HttpOnly", "SameSite=Strict", "Path=/api/v1/c/ulogin", `Max-Age=${180 * 86_400}`]) {
      expect(setCookie).toContain(part);
    }
  });

  it("names the user it was issued to and keeps the device id on renewal", () => {
    const first = readTrustedDevice(cookieValue(trustedDeviceCookie(userId, null)));
    expect(first).toEqual({ userId, deviceId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    const renewed = readTrustedDevice(cookieValue(trustedDeviceCookie(userId, first)));
    expect(renewed).toEqual(first);
    // Another account signing in on this browser gets a device id of its own.
    const other = readTrustedDevice(cookieValue(trustedDeviceCookie("another-user", first)));
    expect(other?.deviceId).not.toBe(first?.deviceId);
  });

  it("refuses an altered, foreign-purpose or expired value", () => {
    const value = cookieValue(trustedDeviceCookie(userId, null));
    const [body = "", signature = ""] = value.split(".");
    const altered = Buffer.from(JSON.stringify({ uid: "someone-else", did: "A".repeat(22), exp: 4_102_444_800 })).toString("base64url");
    expect(readTrustedDevice(`${altered}.${signature}`)).toBeNull();
    expect(readTrustedDevice(`${body}.${signature.slice(1)}`)).toBeNull();
    expect(readTrustedDevice(signValue("email-link", { uid: userId, did: "A".repeat(22) }, 60))).toBeNull();
    expect(readTrustedDevice(signValue("device", { uid: userId, did: "A".repeat(22) }, -1))).toBeNull();
    expect(readTrustedDevice(signValue("device", { uid: userId }, 60))).toBeNull();
    expect(readTrustedDevice(null)).toBeNull();
  });

  it("is read from the request's cookies", () => {
    const value = cookieValue(trustedDeviceCookie(userId, null));
    const request = new Request("http://shop.test/api/v1/c/ulogin/login", {
      headers: { cookie: `Token=x; ${TRUSTED_DEVICE.cookie}=${value}` },
    });
    expect(trustedDeviceOf(request)?.userId).toBe(userId);
    expect(trustedDeviceOf(new Request("http://shop.test/"))).toBeNull();
  });

  it("starts a fresh bucket when the password changes", () => {
    const device = { userId, deviceId: "A".repeat(22) };
    expect(deviceBucket(device, "$argon2id$one")).toBe(deviceBucket(device, "$argon2id$one"));
    expect(deviceBucket(device, "$argon2id$one")).not.toBe(deviceBucket(device, "$argon2id$two"));
  });
});
