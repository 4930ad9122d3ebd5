import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Waits until every finite transition on the page has ended (skeletons pulse forever and are left out): a dialog, drawer
 * or menu fading in is washed out for axe, and moves under a click.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Serious and critical WCAG 2.1 A/AA violations on the page as it stands (or inside `selector`), as "rule: element (colours)"
 * lines.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  await transitionsEnded(page);
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const colours = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const detail = colours?.contrastRatio ? ` (${colours.fgColor} on ${colours.bgColor}: ${colours.contrastRatio})` : "";
        return `${violation.id}: ${node.html.slice(0, 120)}${detail}`;
      }),
    );
}
