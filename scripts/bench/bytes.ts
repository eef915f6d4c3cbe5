/** Bytes per kind of page (HTML, CSS, JS before interaction, render-blocking JS) against the design's budgets. */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { htmlFileOf } from '../../src/build/paths.ts';

export const KB = 1024;
/** Budgets from the design: render-blocking JS, JS before interaction (gzip), HTML + CSS of a reference page (gzip). */
export const BUDGET = { renderBlockingJs: 0, jsGzip: 80 * KB, htmlCssGzip: 40 * KB };

export const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
export const fmt = (n: number) => (n >= KB ? `${(n / KB).toFixed(1)} KB` : `${n} B`);

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

export const samples = [
  { kind: 'reference page', route: '/doc/sql-functions/datetime-functions/datetrunc' },
  { kind: 'landing page', route: '/doc/sql-functions' },
  { kind: 'guide page', route: '/doc/deploy/deploying-databend' },
  { kind: 'API page', route: '/doc/develop/api/rest' },
];

export interface ByteFigures {
  failures: string[];
  /** The reference page's HTML, gzip. */
  referenceHtmlGz?: number;
  /** JS before interaction (gzip), the largest over the samples. */
  jsGz: number;
}

export function byteReport(siteDir: string): ByteFigures {
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
