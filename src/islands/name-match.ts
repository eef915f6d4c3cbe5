/**
 * Exact-name search over the SQL objects the site documents (functions, commands, settings, system tables).
 * General full-text tokenizers split `row_number` into two common words and lose it; here a name is one token,
 * compared without case, underscores, spaces or dots, so `DATE_TRUNC`, `date trunc` and `datetrunc` are one name.
 * Pure functions: the build writes the index with them and the browser ranks with them.
 */
import type { StoredParts } from './index-parts.ts';

export type NameKind = 'function' | 'command' | 'setting' | 'system table' | 'error code';

/** One documented name: what the reader may type, and where it is documented (a page or a heading in it). */
export interface NameRecord {
  name: string;
  kind: NameKind;
  /** Route, with `#anchor` when a heading (not the page) documents the name. */
  url: string;
  /** Title of the page that documents it. */
  page: string;
  /** Top-level section of that page (the search filter). */
  section: string;
  /** The page's one-sentence description, shown under the name. */
  summary: string;
}

/**
 * A page as search ranks and shows it before its Pagefind fragment loads: route, title, breadcrumbs, summary, the
 * top-level section (the search filter), the headings that name a topic (not Syntax or Examples), the author's
 * `keywords:`, and 1 for a generated section index (a list of links, with no content of its own). Empty trailing
 * fields are left out.
 */
export type PageRecord = [
  url: string,
  title: string,
  crumbs: string,
  summary: string,
  section: string,
  headings?: string[],
  keywords?: string[],
  listing?: 1,
];

/**
 * `search-records.json`, fetched with the first search: every documented name, the sections the filter offers
 * (sidebar order), each Pagefind result id's page, so results show at once and excerpts follow, and the parts of
 * the full-text index (`index-parts.ts`), whose pages `pages` lists part by part.
 */
export interface NameIndex {
  sections: string[];
  names: NameRecord[];
  pages: Record<string, PageRecord>;
  parts?: StoredParts;
  /** Where the full-text index's chunks start, every part's together, in order (`chunk-range.ts`). */
  chunks?: string[];
}

export const SEARCH_RECORDS_FILE = 'search-records.json';

/** A name record as stored: its page's title, section and summary are left out when its page has a record. */
type StoredName = Omit<NameRecord, 'page' | 'section' | 'summary'> &
  Partial<Pick<NameRecord, 'page' | 'section' | 'summary'>>;

/** `search-records.json` as written. */
export interface StoredIndex {
  sections: string[];
  names: StoredName[];
  pages: Record<string, PageRecord>;
  parts?: StoredParts;
  chunks?: string[];
}

const pageKey = (url: string) => (url.split('#')[0] ?? url).replace(/\/+$/, '');

/** The index as written to `search-records.json`: what a name shares with its page is stored once, with the page. */
export function packNameIndex(index: NameIndex): StoredIndex {
  const pages = new Map(Object.values(index.pages).map((p) => [pageKey(p[0]), p]));
  const names = index.names.map(({ page, section, summary, ...rest }): StoredName => {
    const p = pages.get(pageKey(rest.url));
    if (!p) return { ...rest, page, section, summary };
    // A name with its own summary (a setting's entry, an error code's) keeps it.
    return summary === p[3] ? rest : { ...rest, summary };
  });
  return {
    sections: index.sections,
    names,
    pages: index.pages,
    ...(index.parts ? { parts: index.parts } : {}),
    ...(index.chunks ? { chunks: index.chunks } : {}),
  };
}

/** The index as read from `search-records.json`: each name gets its page's title, section and summary back. */
export function unpackNameIndex(stored: StoredIndex): NameIndex {
  const byPage = new Map(Object.values(stored.pages).map((p) => [pageKey(p[0]), p]));
  const names = stored.names.map((n): NameRecord => {
    const p = byPage.get(pageKey(n.url));
    return {
      ...n,
      page: n.page ?? p?.[1] ?? '',
      section: n.section ?? p?.[4] ?? '',
      summary: n.summary ?? p?.[3] ?? '',
    };
  });
  return {
    sections: stored.sections,
    names,
    pages: stored.pages,
    ...(stored.parts ? { parts: stored.parts } : {}),
    ...(stored.chunks ? { chunks: stored.chunks } : {}),
  };
}

/** Names compare without case, underscores, spaces or hyphens. */
export const normalName = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * A query compared with names: as a name, without the quote marks a pasted message puts around the reader's own
 * identifier (`Unknown table 'x'`, ``function `add_weeks` ``). No name holds a quote, so a quote only keeps the
 * query from matching what the same text unquoted matches.
 */
export const normalQuery = (s: string) => normalName(s.replace(/['"`‘’“”]/g, ''));

/**
 * The keys a record answers to: its name, the name without `<placeholders>` (`COPY INTO <table>` → `copy into`),
 * a system table without its `system.` prefix (`query_log`), and an error code (`1118 UnclusteredTable`) by its
 * number alone and by its name alone.
 */
export function nameKeys(name: string): string[] {
  const keys = new Set([normalName(name)]);
  const bare = name.replace(/<[^>]*>/g, '').trim();
  if (bare) keys.add(normalName(bare));
  if (/^system\./i.test(name)) keys.add(normalName(name.slice('system.'.length)));
  const error = /^(\d+) ([A-Za-z][A-Za-z0-9]*)$/.exec(name);
  if (error) keys.add(error[1]!).add(normalName(error[2]!));
  keys.delete('');
  return [...keys];
}

/** Each record's keys, made once per list of records: a keystroke matches the query against every record. */
const keysOf = new WeakMap<readonly NameRecord[], { records: NameRecord[]; keys: string[][] }>();
function keysOfAll(records: readonly NameRecord[]): (record: NameRecord, i: number) => string[] {
  let known = keysOf.get(records);
  if (!known || known.records.length !== records.length) {
    known = { records: [...records], keys: records.map((r) => nameKeys(r.name)) };
    keysOf.set(records, known);
  }
  const { records: was, keys } = known;
  // A record put in the list's place since gets its keys made again.
  return (record, i) => (was[i] === record ? (keys[i] ?? []) : nameKeys(record.name));
}

export type MatchQuality = 'exact' | 'prefix' | 'partial' | 'typo';

export interface NameHit {
  record: NameRecord;
  quality: MatchQuality;
  score: number;
  /**
   * Strong hits go before the full-text results: an exact name, a typo of a name, or a name the query mostly
   * covers (`date_tr` for `DATE_TRUNC`). Weak ones (a common word inside a longer name, such as `variant` in
   * `disable_variant_check` or `trunc` in `DATE_TRUNC`) are listed after the best full-text pages.
   */
  strong: boolean;
}

/** Three rows of `editDistance`, kept between calls: a keystroke compares the query with thousands of words. */
let rowBuffers: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Edit distance with transpositions, stopping early once it exceeds `max` (typos are short). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  if (rowBuffers[0].length < width)
    rowBuffers = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  // The row before the last, the last, and this one (rotated, never allocated per call).
  let [older, prev, row] = rowBuffers;
  for (let j = 0; j < width; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const reused = older;
    older = prev;
    prev = row;
    row = reused;
    row[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        d = Math.min(d, older[j - 2]! + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
  }
  return row[b.length]!;
}

/** How many typos a query of this length may carry and still find a name. */
const typoBudget = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);
/** A normalized key a few typos from the normalized query, as a name would be matched (`tableu` → `tableau`). */
export const isTypoOf = (q: string, key: string) => {
  const budget = typoBudget(q.length);
  return budget > 0 && key !== q && editDistance(q, key, budget) <= budget;
};

const QUALITY_SCORE: Record<MatchQuality, number> = { exact: 1000, prefix: 600, partial: 400, typo: 300 };

/** Kinds in the order a reader most likely means them when two share a name (`TRUNCATE` the command). */
const KIND_BONUS: Record<NameKind, number> = {
  command: 4,
  function: 3,
  'system table': 2,
  setting: 1,
  'error code': 0,
};

/**
 * Ranks the records for a query: exact names first, then names starting with the query, then names containing it
 * (`trunc` finds `DATE_TRUNC` and `TRUNCATE TABLE`), then names one or two edits away (`aray_agg`).
 * Shorter names win inside a class: they are closer to what was typed.
 */
export function matchNames(records: readonly NameRecord[], query: string, section?: string): NameHit[] {
  const q = normalQuery(query);
  if (q.length < 2) return [];
  const hits: NameHit[] = [];
  const keysAt = keysOfAll(records);
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (section && record.section !== section) continue;
    let best: NameHit | undefined;
    for (const key of keysAt(record, i)) {
      let quality: MatchQuality | undefined;
      if (key === q) quality = 'exact';
      else if (key.startsWith(q)) quality = 'prefix';
      else if (q.length >= 3 && key.includes(q)) quality = 'partial';
      else {
        const budget = typoBudget(q.length);
        if (budget > 0 && editDistance(q, key, budget) <= budget) quality = 'typo';
      }
      if (!quality) continue;
      const score = QUALITY_SCORE[quality] + KIND_BONUS[record.kind] - Math.min(key.length - q.length, 99) * 2;
      // A prefix covering half the name, or a part covering most of it, is what the reader meant; a common word
      // inside a longer name (`privileges` in GRANT PRIVILEGES) is not.
      const covered = q.length / key.length >= (quality === 'prefix' ? 0.5 : 0.7);
      const strong = quality === 'exact' || quality === 'typo' || (covered && record.kind !== 'setting');
      if (!best || score > best.score) best = { record, quality, score, strong };
    }
    if (best) hits.push(best);
  }
  return hits.sort((a, b) => b.score - a.score || a.record.name.localeCompare(b.record.name));
}
