import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * Rules whose findings axe rates moderate that this site treats as failures all the same: content outside every
 * landmark (an open menu), and a screen without a level-one heading.
 */
const alsoFailing = new Set(['region', 'page-has-heading-one', 'landmark-one-main']);

/**
 * Runs axe over the page as it is now and answers its serious and critical findings (and those of `alsoFailing`),
 * one line each: the rule, what it asks, and where.
 */
export async function accessibilityFindings(page: Page): Promise<string[]> {
  // Through the DevTools protocol rather than a script element, which the site's CSP would refuse.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || alsoFailing.has(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact ?? 'no impact'}): ${v.help}: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
