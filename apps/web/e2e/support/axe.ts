import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type A11yImpact = 'minor' | 'moderate' | 'serious' | 'critical';
const IMPACTS: readonly A11yImpact[] = ['minor', 'moderate', 'serious', 'critical'];

/** Fails on any serious or critical axe violation, listing rule, impact and the offending nodes. */
export function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  return expectNoA11yViolations(page, 'serious');
}

/**
 * Fails on any axe violation of `minImpact` or worse (e.g. 'moderate' also fails on a
 * landmark-unique), listing rule, impact and the offending nodes.
 */
export async function expectNoA11yViolations(page: Page, minImpact: A11yImpact): Promise<void> {
  const blockingImpacts = IMPACTS.slice(IMPACTS.indexOf(minImpact));
  // Let finite transitions end first: a button caught half-way from disabled to enabled has the
  // contrast of neither. Endless ones (spinners) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => blockingImpacts.includes(violation.impact as A11yImpact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(blocking).toEqual([]);
}
