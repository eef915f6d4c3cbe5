/**
 * Search results as the list shows them: an exact-name record or a ranked page, and the one list both make
 * (`mergeResults`). Pure functions: the dialog, the search page and the tests share them.
 */
import { isTypoOf, normalName, normalQuery, type NameHit, type NameKind } from './name-match.ts';

export interface ExcerptRun {
  text: string;
  marked: boolean;
}

/** A heading inside a result page that also matches: a deep link to its anchor. */
export interface SubHit {
  url: string;
  title: string;
  excerpt: ExcerptRun[];
}

export interface SearchHit {
  url: string;
  title: string;
  /** Where the page sits ("SQL Functions › Date & Time Functions"), or the kind of name and its page. */
  crumbs: string;
  /** Set for an exact-name record: function, command, setting or system table. */
  kind?: NameKind;
  /** The excerpt as plain text runs; `marked` runs are the matched words. Never HTML. */
  excerpt: ExcerptRun[];
  /** The heading of the section the result opens at, when a section answers the query better than the page top. */
  section?: string;
  sub: SubHit[];
}

const pageOf = (url: string) => url.split('#')[0] ?? url;

const KIND_LABEL: Record<NameKind, string> = {
  function: 'Function',
  command: 'Command',
  setting: 'Setting',
  'system table': 'System table',
  'error code': 'Error code',
};

/** An exact-name record as a result: the name, its kind and page, and the page's summary. */
export function nameHitResult(hit: NameHit): SearchHit {
  const { record } = hit;
  const onPage = record.page.toLowerCase() === record.name.toLowerCase() ? '' : ` · ${record.page}`;
  return {
    url: record.url,
    title: record.name,
    crumbs: `${KIND_LABEL[record.kind]}${onPage}`,
    kind: record.kind,
    excerpt: [{ text: record.summary, marked: false }],
    sub: [],
  };
}

/** A full-text result, with what the merge needs to know about how it matched. */
export interface PageHit extends SearchHit {
  /** Every query word is in the title. */
  titleHolds: boolean;
  /** Every query word is in the title, keywords or summary, as typed or in another form (not a typo). */
  wordsInFields: boolean;
  /** One of the page's keywords is the query itself. */
  keywordIsQuery?: boolean;
}

/**
 * One list from both searches; each page appears once. Strong name hits come first (at most `maxNames`), names of
 * equal standing in the order full-text search ranks their pages; a typo of a name waits behind pages whose title,
 * keywords or summary hold every query word (`cast` is not `LAST`); weak name hits follow the best three pages.
 * The list for a larger limit starts with the list for a smaller one: the dialog and the search page agree.
 */
export function mergeResults(
  query: string,
  names: NameHit[],
  pages: PageHit[],
  limit: number,
  maxNames = 5,
): SearchHit[] {
  const pageRank = new Map(pages.map((p, i) => [pageOf(p.url), i]));
  const rankOf = (h: NameHit) => pageRank.get(pageOf(h.record.url)) ?? Number.MAX_SAFE_INTEGER;
  const ordered = [...names].sort((a, b) => b.score - a.score || rankOf(a) - rankOf(b));
  const strong = ordered.filter((h) => h.strong).slice(0, maxNames);
  const weak = ordered.filter((h) => !h.strong).slice(0, maxNames);
  const out: SearchHit[] = [];
  const seen = new Set<string>();
  const push = (hit: SearchHit) => {
    const key = pageOf(hit.url);
    if (out.length >= limit || seen.has(key)) return;
    seen.add(key);
    out.push(hit);
  };
  const shown = ({ titleHolds: _t, wordsInFields: _w, keywordIsQuery: _k, ...hit }: PageHit): SearchHit => hit;
  // A page titled exactly as the query (`bitmap` → "Bitmap") stands with the exact names.
  const q = normalQuery(query);
  for (const h of strong.filter((n) => n.quality === 'exact')) push(nameHitResult(h));
  for (const p of pages) if (normalName(p.title) === q) push(shown(p));
  // So does a page with the query as one of its keywords (`json` → the VARIANT type): its author named it so.
  for (const p of pages) if (p.keywordIsQuery) push(shown(p));
  for (const h of strong.filter((n) => n.quality === 'prefix')) push(nameHitResult(h));
  // Then pages whose title holds the whole query ("Understanding Cluster Key" for `cluster key`), before names
  // that merely contain it (SET CLUSTER KEY).
  for (const p of pages) if (p.titleHolds) push(shown(p));
  for (const h of strong) if (h.quality !== 'typo') push(nameHitResult(h));
  // A name one typo away waits behind pages that hold every query word, as typed, in a title, keywords or summary.
  const typos = strong.filter((h) => h.quality === 'typo');
  if (typos.length) for (const p of pages) if (p.wordsInFields) push(shown(p));
  // A page titled as close to the query as a typo name is (`tableu`: Tableau, system.tables) goes before the names
  // whose pages rank below it: one typo says nothing about which of the two was meant, the ranking does.
  const typoTitled = typos.length ? pages.filter((p) => isTypoOf(q, normalName(p.title))) : [];
  for (const h of typos) {
    for (const p of typoTitled) if ((pageRank.get(pageOf(p.url)) ?? 0) < rankOf(h)) push(shown(p));
    push(nameHitResult(h));
  }
  pages.slice(0, 3).forEach((p) => push(shown(p)));
  for (const h of weak) push(nameHitResult(h));
  pages.slice(3).forEach((p) => push(shown(p)));
  return out;
}
