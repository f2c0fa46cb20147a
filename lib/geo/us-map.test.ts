// @vitest-environment node
import { describe, expect, it } from "vitest";
import { mapPosition, renderUsStatesSvg } from "./us-map";

describe("the contact page's US map", () => {
  it("draws the country, the state borders and the coast in whole pixels, small enough for a phone", async () => {
    const svg = await renderUsStatesSvg();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 960 600"/);
    const paths = [...svg.matchAll(/<path (?:id="nation" )?d="([^"]*)"/g)].map((match) => match[1] ?? "");
    expect(paths).toHaveLength(2);
    // The country's outline is written once: filled under the borders, stroked over them.
    expect(svg).toMatch(
      /<use href="#nation" fill="#d5eef8"\/><path d="[^"]+" fill="none" stroke="#ffffff"[^>]*\/><use href="#nation" fill="none" stroke="#72c3e4"/,
    );
    for (const d of paths) {
      expect(d.length).toBeGreaterThan(1_000);
      // Only moves, lines and closes, with integer coordinates.
      expect(d).toMatch(/^(?:[MLZ](?:-?\d+,-?\d+)?)+$/);
    }
    // The 10m atlas drawn point for point was 288 KB; the screen never showed that detail.
    expect(svg.length).toBeLessThan(50_000);
  });

  it("puts Houston in south-east Texas", async () => {
    const { left, top } = await mapPosition(-95.37, 29.76);
    expect(left).toBeGreaterThan(50);
    expect(left).toBeLessThan(60);
    expect(top).toBeGreaterThan(75);
    expect(top).toBeLessThan(90);
  });
});
