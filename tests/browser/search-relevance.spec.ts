import { expect, test, type Page } from '@playwright/test';
import { describeFigures, figures, rate, relevanceCases, type Shown } from '../search/relevance.ts';
import { gotoReady } from './pages.ts';
import { scaled } from '../load.ts';

/** Queries readers type, each with the page that must rank first: names, tasks and concepts in plain words, sections. */
const cases = relevanceCases();

/** Types a query into the open dialog and reads what it shows once excerpts and deep links are in. */
async function shownFor(page: Page, q: string): Promise<Shown> {
  await page.locator('.search-dialog input[type="search"]').fill(q);
  await expect(page.locator('.search-dialog .search-status')).toContainText(`"${q}"`);
  await page.locator('.search-dialog .search-results[data-details="ready"]').waitFor({ state: 'attached' });
  return page.evaluate(() => {
    const hits = [...document.querySelectorAll('.search-dialog .search-hit')];
    const links = (el: Element | undefined) =>
      [...(el?.querySelectorAll('[role="option"]') ?? [])].map((a) => a.getAttribute('href') ?? '');
    return { first: links(hits[0])[0] ?? null, offered: hits.slice(0, 3).flatMap(links) };
  });
}

test('search puts the right page first and offers the matching section', async ({ page }) => {
  test.setTimeout(scaled(300_000));
  await gotoReady(page, '/doc/');
  await page.keyboard.press('Control+k');
  const results = [];
  for (const c of cases) results.push({ c, shown: await shownFor(page, c.q) });
  const f = figures(results);
  console.log(
    `search relevance: ${describeFigures(f)}${f.misses.length ? `\n  misses:\n  ${f.misses.join('\n  ')}` : ''}`,
  );
  expect(cases.length).toBeGreaterThanOrEqual(160);
  expect(f.tasks[1], 'task and concept queries').toBeGreaterThanOrEqual(40);
  expect(f.deep[1], 'deep-link queries').toBeGreaterThanOrEqual(15);
  expect(rate(f.top1), f.misses.join('\n')).toBeGreaterThanOrEqual(0.97);
  expect(rate(f.tasks), f.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  expect(rate(f.deep), f.misses.join('\n')).toBeGreaterThanOrEqual(0.8);
});
