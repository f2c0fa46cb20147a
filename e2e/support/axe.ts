import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Rules set aside for the whole shop, each with its reason. Empty: a rule goes here only with a
 * written reason a reviewer agreed to, never to quiet a failing page.
 */
const SHOP_EXCEPTIONS: Readonly<Record<string, string>> = {};

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Every axe violation on the page as it is now, of any impact (minor and moderate too): the page
 * passes only with none. `within` limits the check to one part (an open dialog, a carousel).
 */
export async function axeViolations(page: Page, { within }: { within?: string } = {}): Promise<AxeFinding[]> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => !(violation.id in SHOP_EXCEPTIONS))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}
