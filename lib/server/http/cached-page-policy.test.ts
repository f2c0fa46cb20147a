// @vitest-environment node
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { publicEnv } from "@/lib/config/public-env";
import { HEAD_SCRIPT } from "@/lib/site/head-script";
import { cachedPagePolicy, inlineScriptHashes } from "./cached-page-policy";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const PAYLOAD = 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:I[\\"9985\\"]\\u003c/script\\u003e"])';
const REACT_BOUNDARY = '$RC("B:0","S:0")';
const JSON_LD = '{"@context":"https://schema.org","@type":"Product","name":"RO600 \\u003c/script>"}';

// The shape of what Next caches for a page: its files by src, the head script, JSON-LD, the RSC payload.
const PAGE = `<!DOCTYPE html><html lang="en"><head>
<script src="/_next/static/chunks/main-app.js" async=""></script>
<script>${HEAD_SCRIPT}</script>
<script type="application/ld+json">${JSON_LD}</script>
<script src="/_next/static/chunks/polyfills.js" noModule=""></script>
</head><body><p data-src="x">Price &lt;script&gt;</p>
<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>${PAYLOAD}</script>
<script nonce="">${REACT_BOUNDARY}</script><SCRIPT>${REACT_BOUNDARY}</SCRIPT >
</body></html>`;

describe("the hashes of a cached page's inline scripts", () => {
  it("hashes each inline script's exact text, as the browser compares it, once, in the page's order", () => {
    expect(inlineScriptHashes(PAGE)).toEqual([
      sha256(HEAD_SCRIPT),
      sha256(JSON_LD),
      sha256("(self.__next_f=self.__next_f||[]).push([0])"),
      sha256(PAYLOAD),
      sha256(REACT_BOUNDARY),
    ]);
  });

  it("leaves out the scripts loaded from a file, which 'self' allows", () => {
    expect(inlineScriptHashes('<script src="/_next/static/chunks/a.js"></script><script async src=/b.js></script>')).toEqual([]);
  });

  it("counts text that only looks like a script as none", () => {
    expect(inlineScriptHashes("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><noscripts></noscripts>")).toEqual([]);
  });
});

describe("the policy a cached page is served with", () => {
  it("allows exactly its inline scripts and the site's files, never inline scripts wholesale", () => {
    const policy = cachedPagePolicy(PAGE);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    expect(scriptSrc).toEqual(["'self'", ...inlineScriptHashes(PAGE), ...(publicEnv.dev ? ["'unsafe-eval'"] : [])]);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("changes when the page does (a new price, a new stock), so a stale hash never allows new text", () => {
    expect(cachedPagePolicy(PAGE.replace("RO600", "RO700"))).not.toBe(cachedPagePolicy(PAGE));
  });
});
