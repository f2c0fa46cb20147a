// @vitest-environment node
import { describe, expect, it } from "vitest";
import { assetsInHtml, gzipSize } from "./first-load";

describe("assetsInHtml", () => {
  it("counts module scripts, preloaded scripts and stylesheets once each, and skips noModule polyfills", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>
      <link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>
      <link rel="preload" href="/_next/static/media/inter.woff2" as="font" type="font/woff2" crossorigin=""/>
      <link rel="icon" href="/icon.svg"/>
      <script src="/_next/static/chunks/main.js" async=""></script>
      <script src='/_next/static/chunks/page.js?v=1&amp;x=2' async></script>
      <script src="/_next/static/chunks/polyfills.js" noModule=""></script>
      <script>self.__next_f.push([1,"<script src=\\"/nope.js\\">"])</script>
    </head><body></body></html>`;
    expect(assetsInHtml(html)).toEqual({
      scripts: ["/_next/static/chunks/main.js", "/_next/static/chunks/page.js?v=1&x=2"],
      styles: ["/_next/static/chunks/a.css"],
      inlineStyles: [],
    });
  });

  it("counts a stylesheet Next inlined by the file its <style> names", () => {
    const html = `<html><head><style data-precedence="next" data-href="/_next/static/chunks/a.css">body{margin:0}</style><style>.x{}</style></head></html>`;
    expect(assetsInHtml(html)).toEqual({ scripts: [], styles: ["/_next/static/chunks/a.css"], inlineStyles: [] });
  });

  it("counts the shop's own inlined stylesheet by its text, once, and not what the payload says", () => {
    const html = `<html><head><style data-precedence="default" data-href="shop-0123abcd">body{margin:0}a>b{color:red}</style>
      <style data-href="shop-0123abcd">body{margin:0}a>b{color:red}</style>
      <script>self.__next_f.push([1,"<style data-href=\\"shop-x\\">p{}</style>"])</script></head></html>`;
    expect(assetsInHtml(html)).toEqual({
      scripts: [],
      styles: [],
      inlineStyles: [{ id: "shop-0123abcd", text: "body{margin:0}a>b{color:red}" }],
    });
  });

  it("finds nothing in a page without assets", () => {
    expect(assetsInHtml("<html><body><p>Hello</p></body></html>")).toEqual({ scripts: [], styles: [], inlineStyles: [] });
  });
});

describe("gzipSize", () => {
  it("is far smaller than the input for repetitive text", () => {
    const text = "lenwell ".repeat(1000);
    expect(gzipSize(text)).toBeGreaterThan(0);
    expect(gzipSize(text)).toBeLessThan(text.length / 20);
  });
});
