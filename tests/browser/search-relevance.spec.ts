import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { gotoReady } from './pages.ts';

interface RelevanceCase {
  q: string;
  expect: string;
  why: string;
}

/** Queries readers type, each with the page that must rank first: names, commands, settings, concepts, typos. */
const cases = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../search/relevance.json'), 'utf8')) as RelevanceCase[];

test('search puts the right page first for at least 95 % of the relevance suite', async ({ page }) => {
  test.setTimeout(180_000);
  await gotoReady(page, '/doc/');
  await page.keyboard.press('Control+k');
  const input = page.locator('.search-dialog input[type="search"]');
  const misses: string[] = [];
  for (const c of cases) {
    await input.fill(c.q);
    await expect(page.locator('.search-dialog .search-status')).toContainText(`"${c.q}"`);
    const first = (await page.locator('.search-dialog [role="option"]').first().getAttribute('href').catch(() => null)) ?? '(nothing)';
    const hit = c.expect.includes('#') ? first === c.expect : first.split('#')[0] === c.expect;
    if (!hit) misses.push(`${JSON.stringify(c.q)} (${c.why}): expected ${c.expect}, got ${first}`);
  }
  const rate = (cases.length - misses.length) / cases.length;
  console.log(`search relevance: ${cases.length - misses.length}/${cases.length} top-1 (${(rate * 100).toFixed(1)} %)${misses.length ? `\n  misses:\n  ${misses.join('\n  ')}` : ''}`);
  expect(rate, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  expect(cases.length).toBeGreaterThanOrEqual(60);
});
