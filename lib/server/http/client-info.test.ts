// @vitest-environment node
import { describe, expect, it } from "vitest";
import { clientInfo, forwardedClientIp, normaliseIp } from "./client-info";

describe("normaliseIp", () => {
  it("accepts IPv4 and IPv6 addresses, in canonical form", () => {
    expect(normaliseIp(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(normaliseIp("2001:DB8::1")).toBe("2001:db8::1");
    expect(normaliseIp("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(normaliseIp("203.0.113.9:51234")).toBe("203.0.113.9");
    expect(normaliseIp("[2001:db8::1]:443")).toBe("2001:db8::1");
  });

  it("refuses anything that is not an address", () => {
    for (const value of ["", "unknown", "example.com", "999.1.1.1", "1.2.3", "<script>", "2001:db8::1::2", "_hidden"]) {
      expect(normaliseIp(value)).toBeNull();
    }
  });
});

describe("forwardedClientIp", () => {
  const chain = "198.51.100.1, 203.0.113.9, 10.0.0.2";

  it("ignores the header when no proxy is trusted: anyone can send it", () => {
    expect(forwardedClientIp(chain, 0)).toBeNull();
    expect(forwardedClientIp("203.0.113.9", 0)).toBeNull();
  });

  it("takes the Nth entry from the right, skipping what the caller put in front", () => {
    expect(forwardedClientIp(chain, 1)).toBe("10.0.0.2");
    expect(forwardedClientIp(chain, 2)).toBe("203.0.113.9");
    expect(forwardedClientIp(chain, 3)).toBe("198.51.100.1");
  });

  it("is unknown when the chain is shorter than the proxies, absent, or the entry is not an address", () => {
    expect(forwardedClientIp(chain, 4)).toBeNull();
    expect(forwardedClientIp(null, 1)).toBeNull();
    expect(forwardedClientIp("203.0.113.9, not-an-ip", 1)).toBeNull();
    expect(forwardedClientIp("203.0.113.9,", 1)).toBeNull();
  });
});

describe("clientInfo", () => {
  it("with the default settings keeps the user agent and does not believe X-Forwarded-For", () => {
    const request = new Request("http://shop.test/api/v1/c/ulogin/login", {
      headers: { "user-agent": "Lenwell test", "x-forwarded-for": "203.0.113.9" },
    });
    expect(clientInfo(request)).toEqual({ userAgent: "Lenwell test", ip: null });
  });
});
