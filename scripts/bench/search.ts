/**
 * Search in a real browser: the index on disk, what typed queries cost a phone, bytes of the first query,
 * keystroke-to-results latency, and right page first over the tuning suite and the held-out sets (aggregates).
 */
import type { Browser } from '@playwright/test';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  describeFigures,
  describeHeldOut,
  figures,
  heldOutSets,
  heldOutFigures,
  relevanceCases,
  type RelevanceCase,
  type Shown,
} from '../../tests/search/relevance.ts';
import { fmt } from './bytes.ts';
import { KEY_DELAYS_MS, PHONE_GOAL, phoneSearchCosts } from './phone-search.ts';
import { listenOn } from './serve.ts';

/** What to print besides the figures: `--phone-only`, `--phone-detail`, `--misses`, `--held-out-misses`. */
export interface SearchOptions {
  phoneOnly: boolean;
  phoneDetail: boolean;
  misses: boolean;
  heldOutMisses: boolean;
}

const projectRoot = process.cwd();

/**
 * Runs in the page: types a query the way React sees typing, and times until its results are on screen. The
 * results are found in an animation-frame callback, which runs before that frame's style, layout and paint: the
 * time ends at the task after the frame (a message posted from the callback), once the reader can see them.
 */
const TIME_QUERY_IN_PAGE = `async (query) => {
  const el = document.querySelector('.search-dialog input[type="search"]');
  const status = document.querySelector('.search-dialog .search-status');
  const afterFrame = (resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  };
  const start = performance.now();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, query);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => {
    const check = () => (status.textContent.includes('"' + query + '"') ? afterFrame(resolve) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
  const shown = performance.now() - start;
  await new Promise((resolve) => {
    const check = () => (document.querySelector('.search-dialog .search-results[data-details="ready"]') ? resolve() : requestAnimationFrame(check));
    check();
  });
  const detailed = performance.now() - start;
  const hits = [...document.querySelectorAll('.search-dialog .search-hit')];
  const links = (el) => [...(el ? el.querySelectorAll('[role="option"]') : [])].map((a) => a.getAttribute('href') || '');
  return [shown, detailed, { first: links(hits[0])[0] || null, offered: hits.slice(0, 3).flatMap(links), top3: hits.slice(0, 3).map((h) => links(h)[0] || '') }];
}`;

/** Bytes of every file under a folder, raw and gzip-compressed. */
function folderSize(dir: string): { raw: number; gz: number; files: number } {
  let raw = 0;
  let gzBytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else {
        const data = fs.readFileSync(f);
        raw += data.length;
        gzBytes += gzipSync(data).length;
        files++;
      }
    }
  };
  walk(dir);
  return { raw, gz: gzBytes, files };
}

const SEARCH_FIRST_QUERY_BUDGET = 200 * 1024;
const SEARCH_P95_BUDGET_MS = 50;

/**
 * Search in a real browser: the index on disk, bytes fetched by the first query (Pagefind's chunks and the
 * name records), then keystroke-to-results latency and top-1 accuracy over the relevance suite's queries.
 */
export async function searchFigures(siteDir: string, opts: SearchOptions): Promise<void> {
  const pagefindDir = folderSize(path.join(siteDir, 'pagefind'));
  const names = fs.readFileSync(path.join(siteDir, 'search-records.json'));
  console.log(
    `\nsearch index on disk: Pagefind ${fmt(pagefindDir.raw)} in ${pagefindDir.files} ` +
      `files (a query fetches only the chunks it needs); name records ${fmt(names.length)} ` +
      `(${fmt(gzipSync(names).length)} gzip)`,
  );
  const { chromium } = await import('@playwright/test');
  // In this process, so the server stops with the benchmark (a spawned `npx serve` outlived it).
  const server = await listenOn(siteDir);
  const port = (server.address() as AddressInfo).port;
  try {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    await printPhoneCosts(browser, port, opts.phoneDetail);
    if (opts.phoneOnly) {
      await browser.close();
      return;
    }
    const page = await browser.newPage();
    let searchBytes = 0;
    page.on('response', async (res) => {
      if (!res.url().includes('/pagefind/') && !/\/search-(?:records|summaries)\.json$/.test(res.url())) return;
      const sizes = await res
        .request()
        .sizes()
        .catch(() => undefined);
      searchBytes += sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0;
    });
    await page.goto(`http://localhost:${port}/doc/`);
    await page.locator('html[data-islands="ready"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+k');
    const input = page.locator('.search-dialog input[type="search"]');
    await input.fill('date');
    // The first query: its index chunks, the records and the fragments of its results, until the excerpts show.
    await page.locator('.search-dialog .search-results[data-details="ready"]').waitFor({ state: 'attached' });
    await page.waitForTimeout(100);
    const firstQueryBytes = searchBytes;
    // The budget holds "once the first query has loaded the index": the rest of it loads in the background.
    await page.locator('html[data-search-index="loaded"]').waitFor({ state: 'attached', timeout: 30_000 });
    const wholeIndexBytes = searchBytes;
    const cases = relevanceCases(projectRoot);
    const times: number[] = [];
    const detailTimes: number[] = [];
    const results: { c: RelevanceCase; shown: Shown }[] = [];
    for (const c of cases) {
      await input.fill('');
      // A string, not a function: tsx would wrap a function with helpers that do not exist in the page.
      const [t, d, shown] = await page.evaluate<[number, number, Shown]>(
        `(${TIME_QUERY_IN_PAGE})(${JSON.stringify(c.q)})`,
      );
      times.push(t);
      detailTimes.push(d);
      results.push({ c, shown });
    }
    const judged = figures(results);
    // The held-out sets (queries nobody tuned for), in the same browser: their aggregates.
    const heldSets: { name: string; held: { c: RelevanceCase; shown: Shown }[] }[] = [];
    for (const set of heldOutSets(projectRoot)) {
      const held: { c: RelevanceCase; shown: Shown }[] = [];
      for (const c of set.cases) {
        await input.fill('');
        const [t, , shown] = await page.evaluate<[number, number, Shown]>(
          `(${TIME_QUERY_IN_PAGE})(${JSON.stringify(c.q)})`,
        );
        times.push(t);
        held.push({ c, shown });
      }
      heldSets.push({ name: set.name, held });
    }
    times.sort((a, b) => a - b);
    detailTimes.sort((a, b) => a - b);
    const pctOf = (list: number[], p: number) => list[Math.min(list.length - 1, Math.ceil(list.length * p) - 1)] ?? 0;
    const pct = (p: number) => pctOf(times, p);
    const mark = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
    console.log(
      `search: the rest of the index then loads in the background: ${fmt(wholeIndexBytes - firstQueryBytes)} more`,
    );
    console.log(
      `search: first query fetched ${fmt(firstQueryBytes)} (as sent, compressed where ` +
        `the server compresses; budget ${fmt(SEARCH_FIRST_QUERY_BUDGET)}: ` +
        `${mark(firstQueryBytes <= SEARCH_FIRST_QUERY_BUDGET)})`,
    );
    console.log(
      `search: keystroke to rendered results over the ${times.length} queries of both ` +
        `sets: p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms (budget ` +
        `${SEARCH_P95_BUDGET_MS} ms: ${mark(pct(0.95) <= SEARCH_P95_BUDGET_MS)}); ` +
        `${cases.length} queries`,
    );
    console.log(`search relevance, tuning suite: ${describeFigures(judged)}`);
    for (const { name, held } of heldSets) {
      console.log(
        `search relevance, ${name} (${held.length} queries nobody tuned for): ${describeHeldOut(heldOutFigures(held))}`,
      );
      if (opts.heldOutMisses) for (const m of heldOutFigures(held).misses) console.log(`  ${name} miss: ${m}`);
    }
    if (opts.misses) for (const m of judged.misses) console.log(`  miss: ${m}`);
    console.log(
      `search: excerpts and deep links filled in (Pagefind fragments fetched) after p50 ` +
        `${pctOf(detailTimes, 0.5).toFixed(1)} ms, p95 ${pctOf(detailTimes, 0.95).toFixed(1)} ms`,
    );
    await browser.close();
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/** What typed queries cost a phone (`phone-search.ts`), typed quickly and at a steady pace. */
async function printPhoneCosts(browser: Browser, port: number, detail: boolean): Promise<void> {
  for (const delay of KEY_DELAYS_MS) {
    const phone = await phoneSearchCosts(browser, `http://localhost:${port}`, delay);
    console.log(
      `search on a phone (390x844, cold page, typed key by key every ${delay} ms; every request until the ` +
        `network is quiet, bytes as sent; goal ≤ ${fmt(PHONE_GOAL.bytes)} and ≤ ${PHONE_GOAL.requests} requests):`,
    );
    for (const c of phone) {
      console.log(
        `  ${JSON.stringify(c.query).padEnd(20)} ${String(c.requests).padStart(3)} requests, ` +
          `${fmt(c.bytes).padStart(9)}  ` +
          `${c.bytes <= PHONE_GOAL.bytes && c.requests <= PHONE_GOAL.requests ? 'met' : 'MISSED'}`,
      );
      // `--phone-detail`: each request of the query, with its bytes as sent.
      if (detail) for (const file of c.files) console.log(`      ${fmt(file.bytes).padStart(9)}  ${file.path}`);
    }
  }
}
