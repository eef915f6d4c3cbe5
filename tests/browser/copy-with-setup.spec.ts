import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { gotoReady } from './pages.ts';

// A page whose examples build on each other: CREATE, INSERT, queries, and one that fails on purpose.
const ROUTE = '/doc/sql-functions/other-functions/assume_not_null';
const RECORDED = path.resolve(
  import.meta.dirname,
  '../../content/doc.examples/15-sql-functions/120-other-functions/assume_not_null.json',
);

test('"Copy with setup" copies the statements the engine ran before the example, in order, as one script', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const recorded = (
    JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as { examples: { sql: string; expectError: boolean }[] }
  ).examples;
  // The page's premise: a table made and filled first, queries after it, and one query that fails on purpose.
  expect(recorded.slice(0, 3).map((e) => e.sql.split(' ')[0])).toEqual(['CREATE', 'INSERT', 'SELECT']);
  const failing = recorded.findIndex((e) => e.expectError);
  expect(failing).toBeGreaterThan(2);
  expect(failing).toBeLessThan(recorded.length - 1);
  const lastIndex = recorded.length - 1;
  await gotoReady(page, ROUTE);
  const examples = page.locator('figure.code-block[data-kind~="example"]');
  await expect(examples).toHaveCount(recorded.length);
  // The CREATE needs nothing before it: only the plain copy button.
  await expect(examples.nth(0).locator('button.copy-code')).toBeVisible();
  await expect(examples.nth(0).locator('button.copy-with-setup')).toHaveCount(0);

  const script = (upTo: number) =>
    `${recorded
      .slice(0, upTo + 1)
      .filter((e, i) => i === upTo || !e.expectError)
      .map((e) => `${e.sql.trim()};`)
      .join('\n\n')}\n`;
  // The first query: the CREATE and the INSERT, then the query itself.
  const third = examples.nth(2).locator('button.copy-with-setup');
  await expect(third).toHaveText('Copy with setup');
  await third.click();
  await expect(third).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(script(2));
  // The last one: every example before it except the one that fails on purpose.
  await examples.nth(lastIndex).locator('button.copy-with-setup').click();
  const last = await page.evaluate(() => navigator.clipboard.readText());
  expect(last).toBe(script(lastIndex));
  expect(last).not.toContain(recorded[failing]!.sql.trim());
  expect(last.startsWith('CREATE TABLE readings')).toBe(true);
});

/**
 * A page whose examples are all queries (nothing made or set first), found in the Markdown the site publishes
 * beside each page (`<route>.md`), so that an edit of one page does not take the test's premise away.
 */
function independentQueriesPage(): string {
  const site = path.resolve(import.meta.dirname, '../../site');
  const pages = fs
    .readdirSync(path.join(site, 'doc'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort();
  for (const file of pages) {
    const markdown = fs.readFileSync(path.join(site, 'doc', file), 'utf8');
    const examples = [...markdown.matchAll(/```sql example[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    if (examples.length >= 3 && examples.every((sql) => /^\s*SELECT\b/i.test(sql)))
      return `/doc/${file.replace(/\.md$/, '')}`;
  }
  throw new Error('no page whose examples are all queries');
}

test('a page of independent queries offers no "Copy with setup"', async ({ page }) => {
  await gotoReady(page, independentQueriesPage());
  expect(await page.locator('figure.code-block[data-kind~="example"]').count()).toBeGreaterThan(1);
  await expect(page.locator('button.copy-with-setup')).toHaveCount(0);
});

// That the copy buttons and the reference entries fit a 390 px screen is phone-width.spec.ts's check, over every page
// of the sitemap, measured once the page has loaded (its module script, which adds the buttons, has run by then).
