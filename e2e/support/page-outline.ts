import type { Page } from "@playwright/test";

// What a screen-reader user moves by: the headings and the navigation landmarks of the page as shown.

export interface Heading {
  level: number;
  text: string;
}

/** The headings a screen reader lists, in the order of the page: hidden ones left out. */
export async function headingsOf(page: Page): Promise<Heading[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')]
      .filter((heading) => heading.checkVisibility({ visibilityProperty: true }) && !heading.closest('[aria-hidden="true"], [inert]'))
      .map((heading) => ({
        level: Number(heading.getAttribute("aria-level") ?? heading.tagName.slice(1)),
        text: (heading.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60),
      })),
  );
}

/** The accessible name of each navigation landmark shown: its aria-label, or the text it is labelled by. */
export async function navigationNames(page: Page): Promise<string[]> {
  return page.getByRole("navigation").evaluateAll((navs) =>
    navs.map(
      (nav) =>
        nav.getAttribute("aria-label") ??
        (nav.getAttribute("aria-labelledby") ?? "")
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
          .join(" ")
          .trim(),
    ),
  );
}

/**
 * What is wrong with an outline, as readable lines (none when it is right): not exactly one h1, a
 * first heading that is not the h1, a level skipped on the way down.
 */
export function outlineProblems(headings: readonly Heading[]): string[] {
  const named = ({ level, text }: Heading) => `h${level} ${text}`;
  const problems: string[] = [];
  const topLevel = headings.filter(({ level }) => level === 1).length;
  if (topLevel !== 1) problems.push(`${topLevel} h1 headings`);
  const first = headings[0];
  if (first && first.level !== 1) problems.push(`the first heading is ${named(first)}`);
  headings.forEach((heading, index) => {
    const before = headings[index - 1];
    if (before && heading.level > before.level + 1) problems.push(`${named(heading)} after ${named(before)}`);
  });
  return problems;
}
