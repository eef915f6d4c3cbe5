/**
 * What a typed query costs a phone, for `npm run bench`: from a cold page (empty cache), the search button tapped
 * and a query of up to three words typed key by key, every request the page makes until the network is quiet
 * (the results, their excerpts and anything loaded in the background), counted with the bytes as sent over the
 * wire (compressed as `npm start` serves).
 */
import type { Browser } from '@playwright/test';

/** Queries of one to three words, as readers type them. */
export const PHONE_QUERIES = [
  'window functions',
  'date_trunc',
  'copy into from s3',
  'time travel',
  'json',
  'create table',
  'kill query',
  'copy into stage',
  'semi structured data types',
  'how to load parquet',
];
/**
 * Milliseconds between keys: a quick thumb, and a steady typist (about 40 words a minute). The slower one pauses
 * past the search's typing pause at every key, so each prefix is searched: the budget must hold for both.
 */
export const KEY_DELAYS_MS = [90, 250] as const;
/** The network is quiet when nothing was requested for this long. */
const QUIET_MS = 2500;
export const PHONE_GOAL = { bytes: 150 * 1024, requests: 30 };

export interface PhoneCost {
  query: string;
  requests: number;
  bytes: number;
  /** Each request: its path and bytes as sent (for `--phone-detail`). */
  files: { path: string; bytes: number }[];
}

/** One query on a cold phone page. */
async function costOf(browser: Browser, origin: string, query: string, keyDelayMs: number): Promise<PhoneCost> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/doc/sql-functions/datetime-functions/now`);
    await page.locator('html[data-islands="ready"]').waitFor({ state: 'attached' });
    // Settle what the page itself loads (fonts, the sidebar's data): only what search costs is counted.
    await page.waitForLoadState('networkidle');
    let requests = 0;
    let bytes = 0;
    let last = Date.now();
    const pending: Promise<void>[] = [];
    page.on('request', () => {
      requests++;
      last = Date.now();
    });
    const files: PhoneCost['files'] = [];
    page.on('requestfinished', (req) => {
      last = Date.now();
      pending.push(
        req.sizes().then(
          (s) => {
            bytes += s.responseBodySize + s.responseHeadersSize;
            files.push({ path: new URL(req.url()).pathname, bytes: s.responseBodySize + s.responseHeadersSize });
          },
          () => undefined,
        ),
      );
    });
    await page.locator('.search-button').tap();
    const input = page.locator('.search-dialog input[type="search"]');
    await input.pressSequentially(query, { delay: keyDelayMs });
    await page
      .locator('.search-dialog .search-results[data-details="ready"]')
      .waitFor({ state: 'attached', timeout: 30_000 });
    while (Date.now() - last < QUIET_MS) await page.waitForTimeout(250);
    await Promise.all(pending);
    return { query, requests, bytes, files };
  } finally {
    await context.close();
  }
}

export async function phoneSearchCosts(browser: Browser, origin: string, keyDelayMs: number): Promise<PhoneCost[]> {
  const out: PhoneCost[] = [];
  for (const q of PHONE_QUERIES) out.push(await costOf(browser, origin, q, keyDelayMs));
  return out;
}
