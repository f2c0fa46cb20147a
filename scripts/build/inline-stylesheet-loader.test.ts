// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

type LoaderContext = {
  resourcePath: string;
  getOptions: () => { textless?: boolean };
  async: () => (error: unknown, result?: string) => void;
  addDependency: (file: string) => void;
  addContextDependency: (dir: string) => void;
};

const loader = createRequire(import.meta.url)("./inline-stylesheet-loader.cjs") as (this: LoaderContext, source: string) => void;

/** Runs the loader as Turbopack would and evaluates the module it returns. */
async function compile(source: string, options: { textless?: boolean } = {}) {
  const dependencies: string[] = [];
  const output = await new Promise<string>((resolve, reject) => {
    loader.call(
      {
        resourcePath: path.resolve("app/shop.pcss"),
        getOptions: () => options,
        async: () => (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result ?? "")),
        addDependency: (file) => dependencies.push(file),
        addContextDependency: (dir) => dependencies.push(dir),
      },
      source,
    );
  });
  const exported = (await import(`data:text/javascript,${encodeURIComponent(output)}`)) as { css: string; id: string };
  return { ...exported, dependencies };
}

describe("the inline stylesheet loader", () => {
  it("compiles the shop's stylesheet with Tailwind: the classes the pages use, the font, the base rules", async () => {
    const { css, id, dependencies } = await compile(readFileSync("app/shop.pcss", "utf8"));
    expect(css).toMatch(/\.bg-white\s*\{/);
    expect(css).toMatch(/\.desk\\:/);
    expect(css).toMatch(/\.text-brand-700\s*\{/);
    expect(css).toContain("@font-face");
    expect(css).toContain(":focus-visible");
    expect(css).not.toContain("@import");
    expect(css).not.toContain("@config");
    expect(id).toMatch(/^shop-[0-9a-f]{12}$/);
    // Tailwind's scanned folders and the config: a change to a component compiles the sheet again.
    expect(dependencies.some((dependency) => dependency.endsWith("tailwind.config.ts"))).toBe(true);
  });

  it("gives the browser's bundle the same id without the text", async () => {
    const source = readFileSync("app/shop.pcss", "utf8");
    const [server, browser] = await Promise.all([compile(source), compile(source, { textless: true })]);
    expect(browser.css).toBe("");
    expect(browser.id).toBe(server.id);
  });

  it("names each text by its content", async () => {
    const one = await compile("@import 'tailwindcss' source(none);\n@source inline('p-4');");
    const again = await compile("@import 'tailwindcss' source(none);\n@source inline('p-4');");
    const other = await compile("@import 'tailwindcss' source(none);\n@source inline('p-5');");
    expect(one.css).toContain(".p-4");
    expect(other.css).toContain(".p-5");
    expect(again.id).toBe(one.id);
    expect(other.id).not.toBe(one.id);
  });

  it("fails the build on a stylesheet Tailwind cannot read, rather than ship none", async () => {
    await expect(compile("@apply no-such-utility;")).rejects.toThrow();
  });
});
