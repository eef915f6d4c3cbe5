import { expect, test, type Page } from '@playwright/test';
import { describeFigures, figures, rate, relevanceCases, type RelevanceCase, type Shown } from '../search/relevance.ts';
import { gotoReady } from './pages.ts';
import { scaled } from '../load.ts';

/**
 * Queries readers type, each with the page that must rank first: names, tasks and concepts in plain words,
 * sections. Every third query of the tuning suite goes through the dialog here; `npm test` runs all of them
 * with the same ranking code in Node (`scripts/search-relevance.ts --gate`), in a few seconds rather than minutes.
 */
const all = relevanceCases();
const cases = all.filter((_, i) => i % 3 === 0);

/**
 * Types a query into the open dialog and reads what it shows: for a query whose answer is a section, once excerpts
 * and deep links are in; for the others, as soon as the list answers the query (details never reorder it: see
 * search-steady.spec.ts), which spares each query the wait for its fragments.
 */
async function shownFor(page: Page, c: RelevanceCase): Promise<Shown> {
  const q = c.q;
  await page.locator('.search-dialog input[type="search"]').fill(q);
  await expect(page.locator('.search-dialog .search-status')).toContainText(`"${q}"`);
  const sectionAsked = !!c.heading || [c.expect, ...(c.alt ?? [])].some((e) => e.includes('#'));
  if (sectionAsked)
    await page.locator('.search-dialog .search-results[data-details="ready"]').waitFor({ state: 'attached' });
  return page.evaluate(() => {
    const hits = [...document.querySelectorAll('.search-dialog .search-hit')];
    const links = (el: Element | undefined) =>
      [...(el?.querySelectorAll('[role="option"]') ?? [])].map((a) => a.getAttribute('href') ?? '');
    return { first: links(hits[0])[0] ?? null, offered: hits.slice(0, 3).flatMap(links) };
  });
}

// In two interleaved shards, so the browser tests' two workers share them; each shard is held to the same rates.
const SHARDS = 2;

test('the suite is large enough to mean something', () => {
  expect(all.length).toBeGreaterThanOrEqual(600);
  expect(cases.length).toBeGreaterThanOrEqual(200);
  expect(cases.filter((c) => c.kind === 'task' || c.kind === 'concept').length).toBeGreaterThanOrEqual(40);
  expect(cases.filter((c) => c.heading).length).toBeGreaterThanOrEqual(15);
});

for (let shard = 0; shard < SHARDS; shard++) {
  const part = cases.filter((_, i) => i % SHARDS === shard);
  test(`search puts the right page first and offers the matching section (part ${shard + 1} of ${SHARDS}, ${part.length} queries)`, async ({
    page,
  }) => {
    test.setTimeout(scaled(300_000));
    await gotoReady(page, '/doc/');
    await page.keyboard.press('Control+k');
    const results = [];
    for (const c of part) results.push({ c, shown: await shownFor(page, c) });
    const f = figures(results);
    console.log(
      `search relevance (part ${shard + 1} of ${SHARDS}): ${describeFigures(f)}` +
        `${f.misses.length ? `\n  misses:\n  ${f.misses.join('\n  ')}` : ''}`,
    );
    expect(rate(f.top1), f.misses.join('\n')).toBeGreaterThanOrEqual(0.97);
    if (f.tasks[1]) expect(rate(f.tasks), f.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    if (f.deep[1]) expect(rate(f.deep), f.misses.join('\n')).toBeGreaterThanOrEqual(0.8);
  });
}
