/**
 * `npm run bench`: the performance figures against the goals and the Docusaurus anchor, printed (never timed
 * tests). The machine is shared: run it twice, and read the load average it prints beside each figure.
 *
 *   npm run bench                       cold build, rebuilds (nothing changed; a function, a guide and a
 *                                       reference page edited, each also through npm), peak memory,
 *                                       bytes per kind of page, search costs, the served site under load
 *                                       (scripts/load-test.ts), and the table of goals
 *   npm run bench -- --synthetic 10000  also cold builds of synthetic catalogues of 1,000 and 10,000 pages
 *   npm run bench -- --lighthouse       also Lighthouse (mobile) scores of the four sample pages
 *   npm run bench -- --runs 2           every build figure measured twice
 *   npm run bench -- --lighthouse-only [site]   only Lighthouse, on any built folder (another branch's build)
 *   npm run bench -- --budgets-only     only the deterministic byte budgets; exits 1 if one is exceeded
 *
 * Every process it starts (builds, Chromium, Lighthouse) has ended when it exits; the site is served from
 * this process (`serve-site.ts`) on a port the system picks.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSiteServer } from '../src/serve/serve-site.ts';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { htmlFileOf } from '../src/build/paths.ts';
import { describeLoad, serveLoad } from './load-test.ts';
import { PHONE_GOAL, phoneSearchCosts } from './bench-phone-search.ts';
import {
  describeFigures,
  describeHeldOut,
  figures,
  heldOutSets,
  heldOutFigures,
  relevanceCases,
  type RelevanceCase,
  type Shown,
} from '../tests/search/relevance.ts';

const projectRoot = process.cwd();
const args = process.argv.slice(2);
const KB = 1024;
/** Budgets from the design: render-blocking JS, JS before interaction (gzip), HTML + CSS of a reference page (gzip). */
const BUDGET = { renderBlockingJs: 0, jsGzip: 80 * KB, htmlCssGzip: 40 * KB };

/** The Docusaurus 2.3 build of the 2023 docs, measured on the same kind of machine: the reference values. */
const ANCHOR = { coldBuildS: 133.4, peakMiB: 2244, jsGzipKB: 548, lighthouse: '49–72', htmlGzipKB: [9, 17] as const };
/** The goals of the "speed at scale" issue. */
const GOAL = { coldBuildS: 9, rebuildS: 1, syntheticS: 60, syntheticMiB: 1.5 * 1024, lighthouse: 100 };

/** The pages the rebuild figures edit, one of each kind the goal names (under content/doc/). */
const EDITED_PAGES = {
  function: '15-sql-functions/04-array-functions/index.md',
  guide: '10-deploy/02-deploying-databend.md',
  reference: '13-sql-reference/50-file-format-options.md',
};

interface BuildRun {
  /** Wall time of the whole command, from start to exit (bundling the build's code and Node starting included). */
  wallMs: number;
  /** The build's own time (`buildSite`). */
  ms: number;
  maxRssKb: number;
  stages: Record<string, number>;
  rendered: { bodies: number; pages: number; threads: number; searchParts: number; allSearchParts: number };
  load: number;
}

/**
 * One build as `npm run build` runs it (`scripts/build.sh`, as a child; through npm itself with `viaNpm`, whose
 * own start adds about a third of a second), timed from outside; its own figures from `--stats`.
 */
function timedBuild(contentDir: string, outDir: string, cacheDir: string, viaNpm = false): BuildRun {
  const load = os.loadavg()[0] ?? 0;
  const buildArgs = ['--content', contentDir, '--out', outDir, '--cache', cacheDir, '--stats'];
  const started = performance.now();
  const run = viaNpm
    ? spawnSync('npm', ['run', 'build', '--', ...buildArgs], {
        cwd: projectRoot,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      })
    : spawnSync('sh', ['scripts/build.sh', ...buildArgs], {
        cwd: projectRoot,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}${run.stdout}`);
  const last = run.stdout.trim().split('\n').pop() ?? '{}';
  return { ...(JSON.parse(last) as Omit<BuildRun, 'wallMs' | 'load'>), wallMs, load };
}

/** Which parts of the search index a build made again (the others came from the cache). */
const searchPartsText = (r: BuildRun) =>
  `search index: ${r.rendered.searchParts} of ${r.rendered.allSearchParts} parts indexed again`;

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
const fmt = (n: number) => (n >= KB ? `${(n / KB).toFixed(1)} KB` : `${n} B`);

interface PageBytes {
  html: number;
  htmlGz: number;
  css: number;
  cssGz: number;
  js: number;
  jsGz: number;
  renderBlockingJs: number;
  inlineJs: number;
}

/** Every JS file a module loads before interaction: the entry and its static imports (not dynamic ones). */
function staticGraph(siteDir: string, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = fs.readFileSync(path.join(siteDir, entry), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[\w{}\s,*$]+from\s*)?["']([^"']+)["']/g)) {
    const spec = m[1] ?? '';
    if (spec.startsWith('.') || spec.startsWith('/'))
      staticGraph(siteDir, path.posix.join(path.posix.dirname(entry), spec), seen);
  }
  return seen;
}

function pageBytes(siteDir: string, route: string): PageBytes {
  const htmlPath = path.join(siteDir, htmlFileOf(route));
  const html = fs.readFileSync(htmlPath);
  const text = html.toString('utf8');
  const head = text.slice(0, text.indexOf('</head>'));
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) =>
    fs.readFileSync(path.join(siteDir, m[1] ?? '')),
  );
  const modules = [...text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const jsFiles = new Set<string>();
  for (const entry of modules) for (const f of staticGraph(siteDir, entry)) jsFiles.add(f);
  const js = [...jsFiles].map((f) => fs.readFileSync(path.join(siteDir, f)));
  // Classic external scripts in <head> block rendering; module scripts never do.
  const blocking = [
    ...head.matchAll(/<script(?![^>]*type="module")(?![^>]*\b(?:async|defer)\b)[^>]*src="([^"]+)"/g),
  ].map((m) => fs.statSync(path.join(siteDir, m[1] ?? '')).size);
  // Structured data (application/ld+json) is not code the browser runs.
  const inline = [
    ...text.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => Buffer.byteLength(m[1] ?? ''));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    html: html.length,
    htmlGz: gz(html),
    css: sum(css.map((c) => c.length)),
    cssGz: sum(css.map(gz)),
    js: sum(js.map((j) => j.length)),
    jsGz: sum(js.map(gz)),
    renderBlockingJs: sum(blocking),
    inlineJs: sum(inline),
  };
}

const samples = [
  { kind: 'reference page', route: '/doc/sql-functions/datetime-functions/datetrunc' },
  { kind: 'landing page', route: '/doc/sql-functions' },
  { kind: 'guide page', route: '/doc/deploy/deploying-databend' },
  { kind: 'API page', route: '/doc/develop/api/rest' },
];

interface ByteFigures {
  failures: string[];
  /** The reference page's HTML, gzip. */
  referenceHtmlGz?: number;
  /** JS before interaction (gzip), the largest over the samples. */
  jsGz: number;
}

function byteReport(siteDir: string): ByteFigures {
  const failures: string[] = [];
  let referenceHtmlGz: number | undefined;
  let jsGz = 0;
  console.log('\nbytes per page (raw / gzip):');
  for (const s of samples) {
    if (!fs.existsSync(path.join(siteDir, htmlFileOf(s.route)))) {
      failures.push(`${s.route}: not built`);
      continue;
    }
    const b = pageBytes(siteDir, s.route);
    if (s.kind === 'reference page') referenceHtmlGz = b.htmlGz;
    jsGz = Math.max(jsGz, b.jsGz);
    console.log(
      `  ${s.kind.padEnd(15)} ${s.route}\n    HTML ${fmt(b.html)} / ${fmt(b.htmlGz)}   ` +
        `CSS ${fmt(b.css)} / ${fmt(b.cssGz)}   JS ${fmt(b.js)} / ${fmt(b.jsGz)}   ` +
        `render-blocking JS ${fmt(b.renderBlockingJs)} (+ ${fmt(b.inlineJs)} inline theme ` +
        `bootstrap, CSP-hashed)`,
    );
    if (b.renderBlockingJs > BUDGET.renderBlockingJs)
      failures.push(`${s.route}: render-blocking JS ${fmt(b.renderBlockingJs)} > 0`);
    if (b.jsGz > BUDGET.jsGzip)
      failures.push(`${s.route}: JS before interaction ${fmt(b.jsGz)} gzip > ${fmt(BUDGET.jsGzip)}`);
    if (s.kind === 'reference page' && b.htmlGz + b.cssGz > BUDGET.htmlCssGzip)
      failures.push(`${s.route}: HTML + CSS ${fmt(b.htmlGz + b.cssGz)} gzip > ${fmt(BUDGET.htmlCssGzip)}`);
  }
  console.log(
    `  budgets: render-blocking JS 0 B; JS before interaction <= ${fmt(BUDGET.jsGzip)} ` +
      `gzip; reference HTML + CSS <= ${fmt(BUDGET.htmlCssGzip)} gzip`,
  );
  return { failures, referenceHtmlGz, jsGz };
}

/** A synthetic catalogue: folders of 50 pages, each page with headings, a table, code and links. */
function writeSynthetic(dir: string, pages: number): void {
  fs.rmSync(dir, { recursive: true, force: true });
  const perFolder = 50;
  for (let i = 0; i < pages; i++) {
    const section = Math.floor(i / perFolder);
    const folder = `${String(section).padStart(3, '0')}-section-${section}`;
    const folderDir = path.join(dir, folder);
    if (i % perFolder === 0) {
      fs.mkdirSync(folderDir, { recursive: true });
      fs.writeFileSync(
        path.join(folderDir, '_category_.json'),
        JSON.stringify({
          label: `Section ${folder}`,
          link: { type: 'generated-index', slug: `/synthetic/${folder}`, description: `Synthetic section ${folder}.` },
        }),
      );
    }
    const n = String(i % perFolder).padStart(2, '0');
    const prevLink =
      i % perFolder > 0
        ? `See [the previous page](./${String((i % perFolder) - 1).padStart(2, '0')}-page-${i - 1}.md#usage).`
        : 'This page opens its section.';
    fs.writeFileSync(
      path.join(folderDir, `${n}-page-${i}.md`),
      `---\ntitle: Synthetic Page ${i}\ndescription: Synthetic page number ${i}, for ` +
        `measuring how the build grows.\n---\n\nThis page describes function number ${i}. ` +
        `${prevLink}\n\n## Syntax\n\n\`\`\`sql syntax\nFUNC_${i}(<expr>)\n\`\`\`\n\n## ` +
        `Usage\n\n| Argument | Type | Meaning |\n| --- | --- | --- |\n| expr | INT | The ` +
        `value. |\n\n:::note\nA note on page ${i}.\n:::\n\n\`\`\`bash\necho page ` +
        `${i}\n\`\`\`\n\n### Details\n\nMore text about page ${i}, with \`inline code\` ` +
        `and **emphasis**.\n`,
    );
  }
}

interface SyntheticRow {
  pages: number;
  run: BuildRun;
}

/** Cold builds of synthetic catalogues of a tenth of `pages` and of `pages`: time, memory, growth. */
function synthetic(pages: number): SyntheticRow[] {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-'));
  const rows: SyntheticRow[] = [];
  try {
    console.log(
      '\nsynthetic catalogues (cold builds: wall time of the command, peak memory of the process and its threads):',
    );
    for (const n of [Math.max(1, Math.round(pages / 10)), pages]) {
      const content = path.join(work, `content-${n}`);
      writeSynthetic(content, n);
      const run = timedBuild(content, path.join(work, `site-${n}`), path.join(work, `cache-${n}`));
      rows.push({ pages: n, run });
      console.log(
        `  ${String(n).padStart(6)} pages: ${seconds(run.wallMs)} (build ${seconds(run.ms)}), ` +
          `${mib(run.maxRssKb)}  [load ${run.load.toFixed(1)}]`,
      );
      fs.rmSync(path.join(work, `site-${n}`), { recursive: true, force: true });
      fs.rmSync(path.join(work, `cache-${n}`), { recursive: true, force: true });
    }
    const [small, large] = rows;
    if (small && large)
      console.log(
        `  growth: ${large.pages / small.pages}x the pages took ` +
          `${(large.run.wallMs / small.run.wallMs).toFixed(1)}x the time and ` +
          `${(large.run.maxRssKb / small.run.maxRssKb).toFixed(2)}x the memory`,
      );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

/** Runs in the page: types a query the way React sees typing, and times until its results are on screen. */
const TIME_QUERY_IN_PAGE = `async (query) => {
  const el = document.querySelector('.search-dialog input[type="search"]');
  const status = document.querySelector('.search-dialog .search-status');
  const start = performance.now();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, query);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => {
    const check = () => (status.textContent.includes('"' + query + '"') ? resolve() : requestAnimationFrame(check));
    check();
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
async function searchFigures(siteDir: string): Promise<void> {
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
    await printPhoneCosts(browser, port);
    if (args.includes('--phone-only')) {
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
      if (args.includes('--held-out-misses'))
        for (const m of heldOutFigures(held).misses) console.log(`  ${name} miss: ${m}`);
    }
    if (args.includes('--misses')) for (const m of judged.misses) console.log(`  miss: ${m}`);
    console.log(
      `search: excerpts and deep links filled in (Pagefind fragments fetched) after p50 ` +
        `${pctOf(detailTimes, 0.5).toFixed(1)} ms, p95 ${pctOf(detailTimes, 0.95).toFixed(1)} ms`,
    );
    await browser.close();
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/** What typed queries cost a phone (`bench-phone-search.ts`). */
async function printPhoneCosts(browser: import('@playwright/test').Browser, port: number): Promise<void> {
  const phone = await phoneSearchCosts(browser, `http://localhost:${port}`);
  console.log(
    `search on a phone (390x844, cold page, typed key by key; every request until the ` +
      `network is quiet, bytes as sent; goal ≤ ${fmt(PHONE_GOAL.bytes)} and ≤ ` +
      `${PHONE_GOAL.requests} requests):`,
  );
  for (const c of phone) {
    console.log(
      `  ${JSON.stringify(c.query).padEnd(20)} ${String(c.requests).padStart(3)} requests, ` +
        `${fmt(c.bytes).padStart(9)}  ` +
        `${c.bytes <= PHONE_GOAL.bytes && c.requests <= PHONE_GOAL.requests ? 'met' : 'MISSED'}`,
    );
    // `--phone-detail`: each request of the query, with its bytes as sent.
    if (args.includes('--phone-detail'))
      for (const file of c.files) console.log(`      ${fmt(file.bytes).padStart(9)}  ${file.path}`);
  }
}

/** The built site served on loopback by the same server as `npm start`, on a port the system picks. */
async function listenOn(siteDir: string): Promise<Server> {
  const server = createSiteServer(siteDir);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return server;
}

/** A port free on loopback now (for Chromium's debugging port). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Lighthouse (mobile, its default) on each sample page: the four category scores. Chromium is started here and
 * Lighthouse attaches to it, so the benchmark owns the browser and stops it (with its whole process group)
 * whatever Lighthouse does; a page that fails under load is measured once more.
 */
/**
 * Lighthouse's command line, installed on first use into a folder of its own (`.cache/lighthouse/`): with its
 * dependencies it is a third of `node_modules`, and only `--lighthouse` needs it.
 */
const LIGHTHOUSE_VERSION = '12.8.2';
function lighthouseCli(): string {
  const prefix = path.join(projectRoot, '.cache/lighthouse');
  const cli = path.join(prefix, 'node_modules/lighthouse/cli/index.js');
  const installed = path.join(prefix, 'node_modules/lighthouse/package.json');
  if (!fs.existsSync(installed) || JSON.parse(fs.readFileSync(installed, 'utf8')).version !== LIGHTHOUSE_VERSION) {
    console.log(`installing Lighthouse ${LIGHTHOUSE_VERSION} into .cache/lighthouse (once)`);
    fs.mkdirSync(prefix, { recursive: true });
    const r = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`could not install Lighthouse ${LIGHTHOUSE_VERSION} (npm exited ${r.status})`);
  }
  return cli;
}

async function lighthouseScores(siteDir: string): Promise<number[][]> {
  const cli = lighthouseCli();
  const server = await listenOn(siteDir);
  const port = (server.address() as AddressInfo).port;
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}.json`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const debugPort = await freePort();
  const chrome = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { detached: true, stdio: 'ignore' },
  );
  const scores: number[][] = [];
  try {
    await waitForDebugger(debugPort);
    console.log('\nLighthouse (mobile): performance / accessibility / best practices / SEO');
    for (const s of samples) {
      let line = '';
      for (let attempt = 1; attempt <= 2 && !line; attempt++) {
        // Not spawnSync: the site is served by this process, which must stay free to answer.
        const run = await runChild(
          process.execPath,
          [
            cli,
            `http://localhost:${port}${s.route}`,
            `--port=${debugPort}`,
            '--output=json',
            `--output-path=${out}`,
            '--quiet',
            '--only-categories=performance,accessibility,best-practices,seo',
          ],
          180_000,
        );
        if (run.status !== 0) {
          if (attempt === 2) line = `not measured: ${run.stderr.trim().split('\n').pop()}`;
          continue;
        }
        const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
          categories: Record<string, { score: number }>;
          audits: Record<string, { score: number | null; title: string }>;
        };
        const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
        const four = [score('performance'), score('accessibility'), score('best-practices'), score('seo')];
        scores.push(four);
        const failing = Object.entries(report.audits).filter(
          ([id, a]) =>
            a.score !== null &&
            a.score < 1 &&
            [
              'link-text',
              'color-contrast',
              'image-alt',
              'document-title',
              'meta-description',
              'crawlable-anchors',
            ].includes(id),
        );
        line = `${four.join(' / ')}${failing.length ? `  (failing: ${failing.map(([id]) => id).join(', ')})` : ''}`;
      }
      console.log(`  ${s.kind.padEnd(15)} ${s.route}: ${line}`);
    }
  } finally {
    fs.rmSync(out, { force: true });
    try {
      if (chrome.pid) process.kill(-chrome.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await new Promise((r) =>
      chrome.exitCode !== null || chrome.signalCode !== null ? r(undefined) : chrome.once('exit', r),
    );
    fs.rmSync(profile, { recursive: true, force: true });
    await new Promise((r) => server.close(r));
  }
  return scores;
}

/** A child process run to its end (killed after `timeoutMs`), without blocking this one. */
function runChild(
  command: string,
  argv: string[],
  timeoutMs: number,
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd: projectRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      stderr += `\ntimed out after ${timeoutMs / 1000} s`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}

async function waitForDebugger(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('Chromium did not start');
}

const budgetsOnly = args.includes('--budgets-only');
if (args.includes('--lighthouse-only')) {
  // Any built folder (a build of another branch, for comparison): `--lighthouse-only <site>`.
  const dir = args[args.indexOf('--lighthouse-only') + 1];
  await lighthouseScores(path.resolve(dir && !dir.startsWith('--') ? dir : 'site'));
  process.exit(0);
}
if (args.includes('--search-only') || args.includes('--phone-only')) {
  await searchFigures(path.join(projectRoot, 'site'));
  process.exit(0);
}
const siteDir = path.join(projectRoot, 'site');
if (budgetsOnly) {
  const { failures } = byteReport(siteDir);
  if (failures.length) {
    console.error(`\nbyte budgets exceeded:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  process.exit(0);
}

const runs = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;
console.log(
  `machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (a shared machine: figures vary with the load printed beside them)`,
);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-build-'));
const cold: BuildRun[] = [];
const noop: BuildRun[] = [];
const edited: BuildRun[] = [];
const editedViaNpm: BuildRun[] = [];
let bytes: ByteFigures;
let lighthouse: number[][] = [];
let syntheticRows: SyntheticRow[] = [];
try {
  // Cold: no cache (what a fresh clone builds), into site/ as `npm run build` would.
  console.log(
    "\nbuilds (wall time of the command `npm run build` runs, bundling and Node starting included; the build's own time in brackets):",
  );
  for (let i = 0; i < runs; i++) {
    const cache = path.join(scratch, `cold-cache-${i}`);
    const r = timedBuild('content/doc', siteDir, cache);
    fs.rmSync(cache, { recursive: true, force: true });
    cold.push(r);
    console.log(
      `  cold build of the catalogue: ${seconds(r.wallMs)} (${seconds(r.ms)}), peak memory ` +
        `${mib(r.maxRssKb)}, ${r.rendered.threads} render threads  [load ${r.load.toFixed(1)}]`,
    );
    console.log(
      `    stages: ${Object.entries(r.stages)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(2)}`)
        .join(', ')}`,
    );
  }
  // Rebuilds, on a copy of the content (the bench edits a page of it, never the real one).
  const copy = path.join(scratch, 'content/doc');
  fs.cpSync(path.join(projectRoot, 'content/doc'), copy, { recursive: true });
  fs.cpSync(path.join(projectRoot, 'content/doc.examples'), `${copy}.examples`, { recursive: true });
  const cache = path.join(scratch, 'cache');
  const out = path.join(scratch, 'site');
  timedBuild(copy, out, cache);
  // One page of each kind the goal names: a function's, a guide's, a reference page (the first page where one is gone).
  const anyPage = fs
    .readdirSync(copy, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.join(e.parentPath, e.name))[0]!;
  const targets = Object.entries(EDITED_PAGES).map(([kind, rel]) => {
    const file = path.join(copy, rel);
    return { kind, file: fs.existsSync(file) ? file : anyPage };
  });
  for (let i = 0; i < runs; i++) {
    const r = timedBuild(copy, out, cache);
    noop.push(r);
    console.log(
      `  rebuild, nothing changed: ${seconds(r.wallMs)} (${seconds(r.ms)}), ${r.rendered.pages} ` +
        `pages rendered, ${searchPartsText(r)}  [load ${r.load.toFixed(1)}]`,
    );
    for (const { kind, file } of targets) {
      fs.appendFileSync(file, `\nA sentence the benchmark adds (${i + 1}).\n`);
      const e = timedBuild(copy, out, cache);
      edited.push(e);
      console.log(
        `  rebuild after editing a ${kind} page: ${seconds(e.wallMs)} (${seconds(e.ms)}), ` +
          `${e.rendered.bodies} body and ${e.rendered.pages} pages rendered, ${searchPartsText(e)} ` +
          ` [load ${e.load.toFixed(1)}]`,
      );
      console.log(
        `    stages: ${Object.entries(e.stages)
          .map(([k, v]) => `${k} ${(v / 1000).toFixed(2)}`)
          .join(', ')}`,
      );
      // `npm run build` as a reader types it (no --silent): npm's own start and output are part of the figure.
      fs.appendFileSync(file, `\nA sentence the benchmark adds (${i + 1}, through npm).\n`);
      const n = timedBuild(copy, out, cache, true);
      editedViaNpm.push(n);
      console.log(
        `  the same through npm (\`npm run build\`): ${seconds(n.wallMs)} (${seconds(n.ms)})  [load ${n.load.toFixed(1)}]`,
      );
    }
  }
  bytes = byteReport(siteDir);
  await searchFigures(siteDir).catch((err: unknown) =>
    console.log(`\nsearch: not measured (${(err as Error).message.split('\n')[0]})`),
  );
  console.log("\nserved site under load (npm start's server in its own process, loopback, 20 s each):");
  for (const line of describeLoad(await serveLoad(siteDir))) console.log(line);
  if (args.includes('--lighthouse')) lighthouse = await lighthouseScores(siteDir);
  const synIdx = args.indexOf('--synthetic');
  if (synIdx >= 0) syntheticRows = synthetic(Number(args[synIdx + 1] ?? 10000));
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

/** The goals of the issue, each with this run's figures and the anchor's. */
function goalTable(): void {
  const rows: [string, string, string, string, string][] = [];
  const missed = (over: number, unit: string) =>
    over > 0 ? `MISSED by ${over.toFixed(unit === 's' ? 2 : 1)} ${unit}` : 'met';
  const list = (xs: BuildRun[], f: (r: BuildRun) => string) => xs.map(f).join(' / ') || '—';
  const worst = (xs: BuildRun[], f: (r: BuildRun) => number) => Math.max(...xs.map(f));
  const coldS = worst(cold, (r) => r.wallMs / 1000);
  rows.push([
    'cold build of the catalogue (wall)',
    `≤ ${GOAL.coldBuildS} s (≥ 15× the anchor)`,
    list(cold, (r) => seconds(r.wallMs)),
    `${ANCHOR.coldBuildS} s`,
    `${missed(coldS - GOAL.coldBuildS, 's')}; ${(ANCHOR.coldBuildS / coldS).toFixed(1)}× faster than the anchor`,
  ]);
  rows.push(['peak memory, cold build', '—', list(cold, (r) => mib(r.maxRssKb)), `${ANCHOR.peakMiB} MiB`, '']);
  // The goal is the command a writer runs, `npm run build`, after editing any one page: judged on the slowest.
  const npmS = worst(editedViaNpm, (r) => r.wallMs / 1000);
  rows.push([
    'rebuild after editing one page, through npm (npm run build; function, guide, reference page)',
    `≤ ${GOAL.rebuildS} s`,
    list(editedViaNpm, (r) => seconds(r.wallMs)),
    '—',
    missed(npmS - GOAL.rebuildS, 's'),
  ]);
  rows.push([
    '  the same, scripts/build.sh without npm (wall; the build itself in brackets)',
    '—',
    list(edited, (r) => `${seconds(r.wallMs)} (build ${seconds(r.ms)})`),
    '—',
    '',
  ]);
  rows.push([
    'rebuild, nothing changed (wall)',
    '—',
    list(noop, (r) => `${seconds(r.wallMs)} (build ${seconds(r.ms)})`),
    '—',
    '',
  ]);
  const large = syntheticRows[syntheticRows.length - 1];
  const small = syntheticRows[0];
  if (large && small) {
    const s = large.run.wallMs / 1000;
    const m = large.run.maxRssKb / 1024;
    rows.push([
      `${large.pages.toLocaleString('en')} synthetic pages`,
      `≤ ${GOAL.syntheticS} s, ≤ ${(GOAL.syntheticMiB / 1024).toFixed(1)} GB`,
      `${s.toFixed(1)} s, ${m.toFixed(0)} MiB`,
      '—',
      [
        missed(s - GOAL.syntheticS, 's'),
        m > GOAL.syntheticMiB ? `memory MISSED by ${(m - GOAL.syntheticMiB).toFixed(0)} MiB` : 'memory met',
      ].join('; '),
    ]);
    rows.push([
      `memory, ${small.pages.toLocaleString('en')} → ${large.pages.toLocaleString('en')} pages`,
      'flat',
      `${mib(small.run.maxRssKb)} → ${mib(large.run.maxRssKb)}`,
      '—',
      `${(large.run.maxRssKb / small.run.maxRssKb).toFixed(2)}× for ${large.pages / small.pages}× the pages`,
    ]);
  }
  if (bytes.referenceHtmlGz !== undefined) {
    const kb = bytes.referenceHtmlGz / KB;
    rows.push([
      'HTML of the reference page (gzip)',
      `≤ the anchor's`,
      `${kb.toFixed(1)} KB`,
      `${ANCHOR.htmlGzipKB[0]}–${ANCHOR.htmlGzipKB[1]} KB`,
      kb <= ANCHOR.htmlGzipKB[0]
        ? 'met (below the lightest anchor page)'
        : kb <= ANCHOR.htmlGzipKB[1]
          ? `within the anchor's range; ${(kb - ANCHOR.htmlGzipKB[0]).toFixed(1)} KB above its lightest page`
          : `MISSED by ${(kb - ANCHOR.htmlGzipKB[1]).toFixed(1)} KB`,
    ]);
  }
  rows.push([
    'JS before interaction (gzip)',
    `≤ ${BUDGET.jsGzip / KB} KB`,
    `${(bytes.jsGz / KB).toFixed(1)} KB`,
    `${ANCHOR.jsGzipKB} KB`,
    bytes.jsGz <= BUDGET.jsGzip ? 'met' : `MISSED by ${((bytes.jsGz - BUDGET.jsGzip) / KB).toFixed(1)} KB`,
  ]);
  if (lighthouse.length) {
    const low = lighthouse.flat();
    const short = lighthouse
      .flatMap((four) => four.map((x) => GOAL.lighthouse - x))
      .reduce((a, b) => Math.max(a, b), 0);
    rows.push([
      `Lighthouse mobile, ${lighthouse.length} sample pages`,
      '100/100/100/100',
      lighthouse.map((f) => f.join('/')).join(', '),
      `performance ${ANCHOR.lighthouse}`,
      lighthouse.length < samples.length
        ? `${samples.length - lighthouse.length} page(s) not measured`
        : short > 0
          ? `MISSED: lowest score ${Math.min(...low)}`
          : 'met',
    ]);
  }
  const widths = [0, 1, 2, 3, 4].map((i) =>
    Math.max(
      ...rows.map((r) => r[i]!.length),
      ['figure', 'goal', 'this build', 'anchor (Docusaurus 2.3)', 'verdict'][i]!.length,
    ),
  );
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  console.log('\ngoals ("speed at scale"), this machine, against the Docusaurus anchor:');
  console.log(line(['figure', 'goal', 'this build', 'anchor (Docusaurus 2.3)', 'verdict']));
  for (const r of rows) console.log(line(r));
}
goalTable();
if (bytes.failures.length) {
  console.error(`\nbyte budgets exceeded:\n  ${bytes.failures.join('\n  ')}`);
  process.exitCode = 1;
}
