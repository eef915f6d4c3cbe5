/**
 * The relevance suite (`relevance.json`) and how a search answer is judged against it, shared by the browser test
 * (`tests/browser/search-relevance.spec.ts`) and the benchmark (`npm run bench`).
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * One query readers type, and the page that must come first.
 * - `name`: a function, command, setting or system table, typed the way readers type names (case, spaces, typos).
 * - `task`: something to do, in plain words, by a reader who does not know the command's name.
 * - `concept`: an idea in plain words ("json data type").
 * - `deep`: a query answered by one section of a page; `heading` is that section's link.
 */
export interface RelevanceCase {
  q: string;
  expect: string;
  /** Other pages that answer the query just as well (a guide and its command). */
  alt?: string[];
  why: string;
  kind: 'name' | 'task' | 'concept' | 'deep';
  /** The section that answers the query: it must be offered among the options of the first three results. */
  heading?: string;
}

export function relevanceCases(root = process.cwd()): RelevanceCase[] {
  return JSON.parse(fs.readFileSync(path.join(root, 'tests/search/relevance.json'), 'utf8')) as RelevanceCase[];
}

/** What the search showed for a query: the first result's link, and every link offered by the first three results. */
export interface Shown {
  first: string | null;
  offered: string[];
}

const pageOf = (href: string) => href.split('#')[0] ?? href;

export function firstIsRight(c: RelevanceCase, shown: Shown): boolean {
  if (!shown.first) return false;
  return [c.expect, ...(c.alt ?? [])].some((e) => (e.includes('#') ? shown.first === e : pageOf(shown.first ?? '') === e));
}

export function headingOffered(c: RelevanceCase, shown: Shown): boolean {
  return Boolean(c.heading && shown.offered.includes(c.heading));
}

export interface Figures {
  top1: [number, number];
  tasks: [number, number];
  deep: [number, number];
  misses: string[];
}

const pct = ([a, b]: [number, number]) => `${a}/${b} (${((100 * a) / Math.max(1, b)).toFixed(1)} %)`;

export function figures(results: { c: RelevanceCase; shown: Shown }[]): Figures {
  const f: Figures = { top1: [0, 0], tasks: [0, 0], deep: [0, 0], misses: [] };
  for (const { c, shown } of results) {
    const ok = firstIsRight(c, shown);
    f.top1[1]++;
    if (ok) f.top1[0]++;
    if (c.kind === 'task' || c.kind === 'concept') {
      f.tasks[1]++;
      if (ok) f.tasks[0]++;
    }
    if (!ok) f.misses.push(`${JSON.stringify(c.q)} (${c.kind}: ${c.why}): expected ${c.expect}, got ${shown.first ?? '(nothing)'}`);
    if (c.heading) {
      f.deep[1]++;
      if (headingOffered(c, shown)) f.deep[0]++;
      else f.misses.push(`${JSON.stringify(c.q)} (heading): ${c.heading} not offered; offered ${shown.offered.slice(0, 6).join(' ') || '(nothing)'}`);
    }
  }
  return f;
}

export function describeFigures(f: Figures): string {
  return `right page first ${pct(f.top1)}; on task and concept queries ${pct(f.tasks)}; matched heading offered ${pct(f.deep)}`;
}

export const rate = ([a, b]: [number, number]) => a / Math.max(1, b);
