import { expect, test, type Page } from '@playwright/test';
import { gotoReady, pages } from './pages.ts';
import { scaled } from '../load.ts';

/**
 * Steady while typing: what the reader sees between keystrokes. A recorder in the page keeps every text the status
 * line showed and every order the result list took, so a flash between two checks is not missed.
 */
async function record(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { statuses: string[]; orders: { status: string; pages: string[] }[] };
    w.statuses = [];
    w.orders = [];
    const dialog = document.querySelector('.search-dialog');
    if (!dialog) throw new Error('no search dialog');
    const seen = () => {
      const status = dialog.querySelector('.search-status')?.textContent ?? '';
      if (w.statuses[w.statuses.length - 1] !== status) w.statuses.push(status);
      const list = [...dialog.querySelectorAll('.search-hit > a')].map(
        (a) => (a.getAttribute('href') ?? '').split('#')[0] ?? '',
      );
      const last = w.orders[w.orders.length - 1];
      if (!last || last.status !== status || last.pages.join() !== list.join()) w.orders.push({ status, pages: list });
    };
    new MutationObserver(seen).observe(dialog, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { statuses: string[]; orders: { status: string; pages: string[] }[] };
    return { statuses: w.statuses, orders: w.orders };
  });

const QUERIES = ['window functions', 'kill a running query', 'time travel', 'create table as select', 'json'];

for (const [label, delay] of [
  ['quickly', 30],
  ['slowly', 220],
] as const) {
  test(`typing ${label} never shows "No results" and the final results do not reorder`, async ({ page }) => {
    test.setTimeout(scaled(90_000));
    await gotoReady(page, pages.home);
    await page.keyboard.press('Control+k');
    const input = page.locator('.search-dialog input[type="search"]');
    await record(page);
    for (const q of QUERIES) {
      await input.fill('');
      await input.pressSequentially(q, { delay });
      await expect(page.locator('.search-dialog .search-status')).toContainText(`"${q}"`);
      await page.locator('.search-dialog .search-results[data-details="ready"]').waitFor({ state: 'attached' });
      await page.waitForTimeout(400);
      const { statuses, orders } = await recorded(page);
      expect(
        statuses.filter((s) => s.startsWith('No results')),
        `statuses while typing "${q}"`,
      ).toEqual([]);
      // From the first list shown for the final text on, the pages keep their order.
      const final = orders.filter((o) => o.status.includes(`"${q}"`) && o.pages.length > 0);
      expect(final.length, q).toBeGreaterThan(0);
      for (const o of final) expect(o.pages, `results for "${q}"`).toEqual(final[0]?.pages);
      await page.evaluate(() => {
        const w = window as unknown as { statuses: string[]; orders: unknown[] };
        w.statuses = [];
        w.orders = [];
      });
    }
  });
}
