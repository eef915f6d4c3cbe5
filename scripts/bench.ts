/**
 * `npm run bench`: the performance figures, printed (never timed tests).
 *
 *   npm run bench                      build time and peak memory, bytes per kind of page, search costs
 *   npm run bench -- --synthetic 5000  also build synthetic catalogues of 500 and 5,000 pages (growth)
 *   npm run bench -- --lighthouse      also Lighthouse (mobile) scores of each sample page
 *   npm run bench -- --budgets-only    only the deterministic byte budgets; exits 1 if one is exceeded
 */
import type { Server } from 'node:http';
import { createSiteServer } from '../src/build/serve-site.ts';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { htmlFileOf } from '../src/build/write-site.ts';
import { describeFigures, figures, relevanceCases, type RelevanceCase, type Shown } from '../tests/search/relevance.ts';

const projectRoot = process.cwd();
const args = process.argv.slice(2);
const KB = 1024;
/** Budgets from the design: render-blocking JS, JS before interaction (gzip), HTML + CSS of a reference page (gzip). */
const BUDGET = { renderBlockingJs: 0, jsGzip: 80 * KB, htmlCssGzip: 40 * KB };

/** Child mode: one build, then its wall time and peak memory as JSON on the last line. */
if (args[0] === '--child') {
  const { buildSite } = await import('../src/build/cli.ts');
  const started = performance.now();
  await buildSite({ projectRoot, contentDir: args[1], outDir: path.resolve(args[2] ?? 'site') });
  console.log(JSON.stringify({ ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS }));
  process.exit(0);
}

function timedBuild(contentDir: string, outDir: string): { ms: number; maxRssKb: number } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--child', contentDir, outDir], { cwd: projectRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}`);
  const last = run.stdout.trim().split('\n').pop() ?? '{}';
  return JSON.parse(last) as { ms: number; maxRssKb: number };
}

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
    if (spec.startsWith('.') || spec.startsWith('/')) staticGraph(siteDir, path.posix.join(path.posix.dirname(entry), spec), seen);
  }
  return seen;
}

function pageBytes(siteDir: string, route: string): PageBytes {
  const htmlPath = path.join(siteDir, htmlFileOf(route));
  const html = fs.readFileSync(htmlPath);
  const text = html.toString('utf8');
  const head = text.slice(0, text.indexOf('</head>'));
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => fs.readFileSync(path.join(siteDir, m[1] ?? '')));
  const modules = [...text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const jsFiles = new Set<string>();
  for (const entry of modules) for (const f of staticGraph(siteDir, entry)) jsFiles.add(f);
  const js = [...jsFiles].map((f) => fs.readFileSync(path.join(siteDir, f)));
  // Classic external scripts in <head> block rendering; module scripts never do.
  const blocking = [...head.matchAll(/<script(?![^>]*type="module")(?![^>]*\b(?:async|defer)\b)[^>]*src="([^"]+)"/g)].map((m) => fs.statSync(path.join(siteDir, m[1] ?? '')).size);
  const inline = [...text.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => Buffer.byteLength(m[1] ?? ''));
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
];

function byteReport(siteDir: string): string[] {
  const failures: string[] = [];
  console.log('\nbytes per page (raw / gzip):');
  for (const s of samples) {
    if (!fs.existsSync(path.join(siteDir, htmlFileOf(s.route)))) {
      failures.push(`${s.route}: not built`);
      continue;
    }
    const b = pageBytes(siteDir, s.route);
    console.log(
      `  ${s.kind.padEnd(15)} ${s.route}\n    HTML ${fmt(b.html)} / ${fmt(b.htmlGz)}   CSS ${fmt(b.css)} / ${fmt(b.cssGz)}   JS ${fmt(b.js)} / ${fmt(b.jsGz)}   render-blocking JS ${fmt(b.renderBlockingJs)} (+ ${fmt(b.inlineJs)} inline theme bootstrap, CSP-hashed)`,
    );
    if (b.renderBlockingJs > BUDGET.renderBlockingJs) failures.push(`${s.route}: render-blocking JS ${fmt(b.renderBlockingJs)} > 0`);
    if (b.jsGz > BUDGET.jsGzip) failures.push(`${s.route}: JS before interaction ${fmt(b.jsGz)} gzip > ${fmt(BUDGET.jsGzip)}`);
    if (s.kind === 'reference page' && b.htmlGz + b.cssGz > BUDGET.htmlCssGzip) failures.push(`${s.route}: HTML + CSS ${fmt(b.htmlGz + b.cssGz)} gzip > ${fmt(BUDGET.htmlCssGzip)}`);
  }
  console.log(`  budgets: render-blocking JS 0 B; JS before interaction <= ${fmt(BUDGET.jsGzip)} gzip; reference HTML + CSS <= ${fmt(BUDGET.htmlCssGzip)} gzip`);
  return failures;
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
      fs.writeFileSync(path.join(folderDir, '_category_.json'), JSON.stringify({ label: `Section ${folder}`, link: { type: 'generated-index', slug: `/synthetic/${folder}`, description: `Synthetic section ${folder}.` } }));
    }
    const n = String(i % perFolder).padStart(2, '0');
    const prevLink = i % perFolder > 0 ? `See [the previous page](./${String((i % perFolder) - 1).padStart(2, '0')}-page-${i - 1}.md#usage).` : 'This page opens its section.';
    fs.writeFileSync(
      path.join(folderDir, `${n}-page-${i}.md`),
      `---\ntitle: Synthetic Page ${i}\ndescription: Synthetic page number ${i}, for measuring how the build grows.\n---\n\nThis page describes function number ${i}. ${prevLink}\n\n## Syntax\n\n\`\`\`sql syntax\nFUNC_${i}(<expr>)\n\`\`\`\n\n## Usage\n\n| Argument | Type | Meaning |\n| --- | --- | --- |\n| expr | INT | The value. |\n\n:::note\nA note on page ${i}.\n:::\n\n\`\`\`bash\necho page ${i}\n\`\`\`\n\n### Details\n\nMore text about page ${i}, with \`inline code\` and **emphasis**.\n`,
    );
  }
}

function synthetic(pages: number): void {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-'));
  try {
    console.log('\nsynthetic catalogues (build time, peak memory):');
    const rows: { pages: number; ms: number; maxRssKb: number }[] = [];
    for (const n of [Math.max(1, Math.round(pages / 10)), pages]) {
      const content = path.join(work, `content-${n}`);
      writeSynthetic(content, n);
      const r = timedBuild(content, path.join(work, `site-${n}`));
      rows.push({ pages: n, ...r });
      console.log(`  ${String(n).padStart(6)} pages: ${(r.ms / 1000).toFixed(1)} s, ${(r.maxRssKb / 1024).toFixed(0)} MB`);
    }
    const [small, large] = rows;
    if (small && large) console.log(`  growth: ${large.pages / small.pages}x the pages took ${(large.ms / small.ms).toFixed(1)}x the time and ${(large.maxRssKb / small.maxRssKb).toFixed(1)}x the memory`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

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
  return [shown, detailed, { first: links(hits[0])[0] || null, offered: hits.slice(0, 3).flatMap(links) }];
}`;

/** Bytes of every file under a folder, raw and gzip-compressed. */
function folderSize(dir: string): { raw: number; gz: number; files: number } {
  let raw = 0;
  let gz = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else {
        const data = fs.readFileSync(f);
        raw += data.length;
        gz += gzipSync(data).length;
        files++;
      }
    }
  };
  walk(dir);
  return { raw, gz, files };
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
  console.log(`\nsearch index on disk: Pagefind ${fmt(pagefindDir.raw)} in ${pagefindDir.files} files (a query fetches only the chunks it needs); name records ${fmt(names.length)} (${fmt(gzipSync(names).length)} gzip)`);
  const { chromium } = await import('@playwright/test');
  const port = 4790;
  // In this process, so the server stops with the benchmark (a spawned `npx serve` outlived it).
  const server = await listenOn(siteDir, port);
  try {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const page = await browser.newPage();
    let searchBytes = 0;
    page.on('response', async (res) => {
      if (!res.url().includes('/pagefind/') && !res.url().endsWith('/search-records.json')) return;
      const sizes = await res.request().sizes().catch(() => undefined);
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
      const [t, d, shown] = (await page.evaluate(`(${TIME_QUERY_IN_PAGE})(${JSON.stringify(c.q)})`)) as [number, number, Shown];
      times.push(t);
      detailTimes.push(d);
      results.push({ c, shown });
    }
    const judged = figures(results);
    times.sort((a, b) => a - b);
    detailTimes.sort((a, b) => a - b);
    const pctOf = (list: number[], p: number) => list[Math.min(list.length - 1, Math.ceil(list.length * p) - 1)] ?? 0;
    const pct = (p: number) => pctOf(times, p);
    const mark = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
    console.log(`search: the rest of the index then loads in the background: ${fmt(wholeIndexBytes - firstQueryBytes)} more`);
    console.log(`search: first query fetched ${fmt(firstQueryBytes)} (as sent, compressed where the server compresses; budget ${fmt(SEARCH_FIRST_QUERY_BUDGET)}: ${mark(firstQueryBytes <= SEARCH_FIRST_QUERY_BUDGET)})`);
    console.log(`search: keystroke to rendered results over the ${times.length} relevance queries: p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms (budget ${SEARCH_P95_BUDGET_MS} ms: ${mark(pct(0.95) <= SEARCH_P95_BUDGET_MS)}); ${cases.length} queries`);
    console.log(`search relevance: ${describeFigures(judged)}`);
    if (args.includes('--misses')) for (const m of judged.misses) console.log(`  miss: ${m}`);
    console.log(`search: excerpts and deep links filled in (Pagefind fragments fetched) after p50 ${pctOf(detailTimes, 0.5).toFixed(1)} ms, p95 ${pctOf(detailTimes, 0.95).toFixed(1)} ms`);
    await browser.close();
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/** The built site served on loopback by the same server as `npm start`. */
async function listenOn(siteDir: string, port: number): Promise<Server> {
  const server = createSiteServer(siteDir);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return server;
}

/** Lighthouse (mobile, its default) on each sample page: the four category scores. */
async function lighthouseScores(siteDir: string): Promise<void> {
  const port = 4791;
  const server = await listenOn(siteDir, port);
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}.json`);
  try {
    console.log('\nLighthouse (mobile): performance / accessibility / best practices / SEO');
    for (const s of samples) {
      const run = spawnSync(
        'npx',
        ['lighthouse', `http://localhost:${port}${s.route}`, '--chrome-flags=--headless=new --no-sandbox', '--output=json', `--output-path=${out}`, '--quiet', '--only-categories=performance,accessibility,best-practices,seo'],
        { cwd: projectRoot, env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, encoding: 'utf8' },
      );
      if (run.status !== 0) {
        console.log(`  ${s.kind.padEnd(15)} not measured: ${run.stderr.trim().split('\n').pop()}`);
        continue;
      }
      const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { categories: Record<string, { score: number }> };
      const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
      console.log(`  ${s.kind.padEnd(15)} ${score('performance')} / ${score('accessibility')} / ${score('best-practices')} / ${score('seo')}`);
    }
  } finally {
    fs.rmSync(out, { force: true });
    await new Promise((r) => server.close(r));
  }
}

const budgetsOnly = args.includes('--budgets-only');
if (args.includes('--search-only')) {
  await searchFigures(path.join(projectRoot, 'site'));
  process.exit(0);
}
const siteDir = path.join(projectRoot, 'site');
if (budgetsOnly) {
  const failures = byteReport(siteDir);
  if (failures.length) {
    console.error(`\nbyte budgets exceeded:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  process.exit(0);
}

console.log(`machine: ${os.cpus().length} cores, Node ${process.version}`);
const full = timedBuild('content/doc', siteDir);
console.log(`full build of the site: ${(full.ms / 1000).toFixed(2)} s, peak memory ${(full.maxRssKb / 1024).toFixed(0)} MB`);
const failures = byteReport(siteDir);
await searchFigures(siteDir).catch((err: unknown) => console.log(`\nsearch: not measured (${(err as Error).message.split('\n')[0]})`));
if (args.includes('--lighthouse')) await lighthouseScores(siteDir);
const synIdx = args.indexOf('--synthetic');
if (synIdx >= 0) synthetic(Number(args[synIdx + 1] ?? 5000));
if (failures.length) {
  console.error(`\nbyte budgets exceeded:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
