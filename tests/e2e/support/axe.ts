import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's serious and critical violations on the page (frames included), one line each with where. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join('\n  ')}`,
    );
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAxeClean(page: Page, what = '') {
  const blocking = await blockingViolations(page);
  expect(blocking, `${what}\n${blocking.join('\n')}`).toEqual([]);
}
