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

/**
 * Open queries (`open-queries.json`): written with the tuning suite from the pages, each with the page an expert
 * wants first, that search still gets wrong and no general change has fixed yet. Not a gate: measured and printed,
 * so a change that fixes one moves it into the suite.
 */
export function openCases(root = process.cwd()): RelevanceCase[] {
  const file = path.join(root, 'tests/search/open-queries.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RelevanceCase[]) : [];
}

/** A frozen held-out set (see README.md): queries nobody tuned for. Measured, never tuned on. */
export interface HeldOutSet {
  name: string;
  file: string;
  cases: RelevanceCase[];
}

/**
 * The frozen held-out sets, each written by someone who had not seen the tuning suite or the keywords: set A
 * (`held-out.json`), set B (`held-out-2.json`, written later, after set A had been measured against) and set 3
 * (`held-out-3.json`, the half of a fresh set not given to the tuning suite), set 4 (`held-out-4.json`, the same
 * for a later fresh set), set 5 (`held-out-5.json`) and set 6 (`held-out-6.json`), the same again. Print their aggregates while tuning,
 * their misses only for a report.
 */
export function heldOutSets(root = process.cwd()): HeldOutSet[] {
  return [
    ['held-out set A', 'held-out.json'],
    ['held-out set B', 'held-out-2.json'],
    ['held-out set 3', 'held-out-3.json'],
    ['held-out set 4', 'held-out-4.json'],
    ['held-out set 5', 'held-out-5.json'],
    ['held-out set 6', 'held-out-6.json'],
  ].flatMap(([name = '', file = '']) => {
    const at = path.join(root, 'tests/search', file);
    return fs.existsSync(at) ? [{ name, file, cases: JSON.parse(fs.readFileSync(at, 'utf8')) as RelevanceCase[] }] : [];
  });
}

/** A held-out case's category: the `why` up to its colon (name, typo, task, concept, versus, release, error…). */
export const categoryOf = (c: RelevanceCase) => (c.why.split(':')[0] ?? c.why).trim();

export interface HeldOutFigures {
  top1: [number, number];
  top3: [number, number];
  /** Per category: right first, and right among the first three. */
  byCategory: Map<string, { top1: [number, number]; top3: [number, number] }>;
  misses: string[];
}

/** Right page first, and among the first three pages, overall and per category. */
export function heldOutFigures(results: { c: RelevanceCase; shown: Shown }[]): HeldOutFigures {
  const f: HeldOutFigures = { top1: [0, 0], top3: [0, 0], byCategory: new Map(), misses: [] };
  for (const { c, shown } of results) {
    const one = firstIsRight(c, shown);
    const three = one || inFirstThree(c, shown);
    const cat = f.byCategory.get(categoryOf(c)) ?? { top1: [0, 0], top3: [0, 0] };
    f.byCategory.set(categoryOf(c), cat);
    for (const [pair, ok] of [
      [f.top1, one],
      [f.top3, three],
      [cat.top1, one],
      [cat.top3, three],
    ] as const) {
      pair[1]++;
      if (ok) pair[0]++;
    }
    if (!one)
      f.misses.push(
        `${JSON.stringify(c.q)} (${c.why}): expected ${c.expect}, got ${shown.first ?? '(nothing)'}${three ? ' (in the first three)' : ''}`,
      );
  }
  return f;
}

export function describeHeldOut(f: HeldOutFigures): string {
  const cats = [...f.byCategory]
    .map(([name, v]) => `${name} ${v.top1[0]}/${v.top1[1]}${v.top3[0] > v.top1[0] ? ` (${v.top3[0]})` : ''}`)
    .join(', ');
  return `right page first ${pct(f.top1)}; among the first three ${pct(f.top3)}; by category, first (first three): ${cats}`;
}

/** What the search showed for a query: the first result's link, and every link offered by the first three results. */
export interface Shown {
  first: string | null;
  offered: string[];
  /** The links of the first three results (without their deep links). */
  top3?: string[];
}

const pageOf = (href: string) => href.split('#')[0] ?? href;

export function firstIsRight(c: RelevanceCase, shown: Shown): boolean {
  if (!shown.first) return false;
  return [c.expect, ...(c.alt ?? [])].some((e) =>
    e.includes('#') ? shown.first === e : pageOf(shown.first ?? '') === e,
  );
}

/** The expected page (or section) is one of the first three results. */
export function inFirstThree(c: RelevanceCase, shown: Shown): boolean {
  const pages = [...new Set((shown.top3 ?? shown.offered).map(pageOf))].slice(0, 3);
  return [c.expect, ...(c.alt ?? [])].some((e) => (e.includes('#') ? shown.offered.includes(e) : pages.includes(e)));
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
    if (!ok)
      f.misses.push(
        `${JSON.stringify(c.q)} (${c.kind}: ${c.why}): expected ${c.expect}, got ${shown.first ?? '(nothing)'}`,
      );
    if (c.heading) {
      f.deep[1]++;
      if (headingOffered(c, shown)) f.deep[0]++;
      else
        f.misses.push(
          `${JSON.stringify(c.q)} (heading): ${c.heading} not offered; offered ${shown.offered.slice(0, 6).join(' ') || '(nothing)'}`,
        );
    }
  }
  return f;
}

export function describeFigures(f: Figures): string {
  return `right page first ${pct(f.top1)}; on task and concept queries ${pct(f.tasks)}; matched heading offered ${pct(f.deep)}`;
}

export const rate = ([a, b]: [number, number]) => a / Math.max(1, b);
