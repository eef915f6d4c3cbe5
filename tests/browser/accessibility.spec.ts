import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { scaled } from '../load.ts';
import { gotoReady, pages } from './pages.ts';

// Besides one page of each kind: the reference made from data, and a page whose examples offer "Copy with setup".
// One page of the reference made from data: the settings reference is the same template as the error codes, with
// no element, class or role the sample's other pages lack (its axe run, 40 s at load 16, was the file's longest).
const reference = ['/doc/sql-reference/error-codes/codes-0-1099', '/doc/sql-functions/other-functions/assume_not_null'];
const sample = [...new Set([...Object.values(pages), ...reference, '/doc/no/such/page', '/doc/search?q=date_trunc'])];

/**
 * The two schemes differ in colours only (theme.css: every colour a light-dark() pair, nothing else per scheme), so
 * the light pass runs every rule and the dark pass the rules that read colours; the structure rules would see the
 * same page twice (and they are most of axe's time: 16 of 27 s on the search page at load 17).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Axe with every rule as before, run by axe.run() in the page (legacy mode; the site has no frames, the one thing
 * it leaves out), its violations in full and one element named per rule that passed or could not decide
 * (`resultTypes`). The default runs axe per frame and sends every result, a selector and an HTML excerpt of each
 * passing element of a long page, through the test to a blank page that merges them: most of this file's CPU in the
 * browser and the test's worker, and nothing reads them.
 */
const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/** The serious and critical violations of an axe run, one line each, with the first elements it names. */
function seriousViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

// One load of each page for both schemes: the scheme is a media feature, and switching it on the loaded page
// recolours it as a load in that scheme would (no script reads the scheme; no colour is animated). A second load
// cost as much as the dark pass itself.
for (const route of sample) {
  test(`axe: ${route} has no serious or critical violations, light or dark`, async ({ page }) => {
    test.setTimeout(scaled(60_000));
    await page.emulateMedia({ colorScheme: 'light' });
    if (reference.includes(route)) await gotoReady(page, route);
    else await page.goto(route);
    // The search page is checked with its answer in place (results, excerpts and deep links), not while it fills.
    if (route.startsWith('/doc/search?'))
      await page.locator('.search-results[data-details="ready"]').waitFor({ state: 'attached' });
    const light = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect.soft(seriousViolations(light), 'light').toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    const dark = await axe(page).withRules(COLOUR_RULES).analyze();
    // The dark pass checked what it was meant to: text against its background.
    expect(dark.passes.map((r) => r.id)).toContain('color-contrast');
    expect(seriousViolations(dark), 'dark').toEqual([]);
  });
}

test('axe: a phone-sized page with the menu open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await gotoReady(page, pages.deep);
  await page.locator('button.menu-button').click();
  const results = await axe(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
});
