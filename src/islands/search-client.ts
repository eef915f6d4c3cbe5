/**
 * Search in the browser: the exact-name records (`/search-records.json`) merged with the Pagefind full-text index
 * (`/pagefind/`). Both are loaded on first use: a reader who never searches never downloads either.
 */
import { matchNames } from './name-match.ts';
import { commonTerms } from './search-fields.ts';
import { rankPages, type RankedPage } from './search-rank.ts';
import { queryTerms, words } from './search-text.ts';
import { bodyLookups, bodyReady, bodyResults, loadPagefind, loadWholeIndexLater, NO_BODY } from './search-fulltext.ts';
import { mergeResults, nameHitResult, type PageHit, type SearchHit } from './search-hits.ts';
import { awaitsSummary, fieldIndexOf, loadNames, loadSummaries } from './search-records.ts';
import { withDetails } from './search-details.ts';
import type { HitKind } from './search-kinds.ts';

export { KINDS, type HitKind } from './search-kinds.ts';
export {
  mergeResults,
  nameHitResult,
  type ExcerptRun,
  type PageHit,
  type SearchHit,
  type SubHit,
} from './search-hits.ts';
export { MIN_BODY_WORD, usePagefind, type Pagefind } from './search-fulltext.ts';
export { loadNames } from './search-records.ts';

/** Starts both downloads (when the dialog opens), so the first keystroke finds them ready. */
export function preloadSearch(): Promise<unknown> {
  return Promise.all([loadPagefind(), loadNames()]);
}

export interface SearchOptions {
  /** Only results in this top-level section. */
  section?: string;
  /** Only entries of this kind: names of one kind, or pages (`page`). */
  kind?: HitKind;
  limit?: number;
  /** How many of the first results get excerpts and deep links (each fetches its page's fragment). */
  detailed?: number;
  /**
   * Whether the query is still wanted (the reader may have typed on): once not, nothing more is fetched for it
   * (index chunks, fragments) and the search rejects with `SearchCancelled`.
   */
  current?: () => boolean;
  /** Excerpts and deep links wait this long after the results, for the reader to stop typing. */
  detailsAfterMs?: number;
  /**
   * The last word may still be being typed (no space after it): if its index chunks are not in yet, nothing is
   * fetched for it; it is matched in the page fields and names only, and the answer is not `final`.
   */
  typing?: boolean;
}

/** A search given up because a newer query replaced it (`SearchOptions.current`). */
export class SearchCancelled extends Error {
  constructor(query: string) {
    super(`search for ${JSON.stringify(query)} replaced by a newer one`);
    this.name = 'SearchCancelled';
  }
}

/** What a search gives: results to show now, and the same results with excerpts and deep links a moment later. */
export interface SearchAnswer {
  hits: SearchHit[];
  details: Promise<SearchHit[]>;
  /**
   * The answer to the query. Not final: a word being typed was matched without its index chunks (`typing`), so
   * the list is a preview the answer may reorder, and `details` are the same hits (no fragment fetched).
   */
  final: boolean;
}

/** The word still being typed at the end of the query (no space or punctuation after it), if any. */
export function wordBeingTyped(query: string): string | undefined {
  return /[\p{L}\p{N}.]$/u.test(query) ? words(query).at(-1) : undefined;
}

/** At most this many query words are looked up in the full-text index (a pasted paragraph stays fast). */
const MAX_TERMS = 8;

/**
 * Names and full-text pages merged. The ranking reads only the name and page records and Pagefind's answer for
 * each query word (no fragment fetch), so results show as soon as the index answers; excerpts and deep links
 * follow in `details` without changing the order. The same query gives the same order wherever it is typed.
 */
export async function search(query: string, options: SearchOptions = {}): Promise<SearchAnswer> {
  const limit = options.limit ?? 10;
  const current = options.current ?? (() => true);
  const [index, fullText] = await Promise.all([loadNames(), loadPagefind()]);
  // A query typed over while the index opened costs no chunks.
  if (!current()) throw new SearchCancelled(query);
  const fields = fieldIndexOf(index);
  const terms = queryTerms(query).slice(0, MAX_TERMS);
  const common = commonTerms(fields, terms);
  const skipped = bodyLookups(fields, terms);
  // A word being typed whose chunks are not in: looked up once it is ended or the text has stood (the caller
  // searches again without `typing`), so the chunks of its prefixes are never fetched.
  const typed = options.typing ? wordBeingTyped(query) : undefined;
  const deferred = terms.map((t, i) => !skipped[i] && t.text === typed && !bodyReady(fullText, t.text));
  const final = !deferred.includes(true);
  const bodies = await Promise.all(
    terms.map((t, i) => (skipped[i] || deferred[i] ? NO_BODY : bodyResults(fullText, t.text))),
  );
  loadWholeIndexLater(fullText.pf);
  const ranked = rankPages(
    fields,
    terms,
    bodies.map((b) => b.hits),
    options.section,
    query,
    common,
  );
  const byUrl = new Map<string, RankedPage>();
  const pages: PageHit[] = ranked.map((r) => {
    byUrl.set(r.doc.url, r);
    return {
      url: r.doc.url,
      title: r.doc.title,
      crumbs: r.doc.crumbs,
      excerpt: r.doc.summary ? [{ text: r.doc.summary, marked: false }] : [],
      sub: [],
      titleHolds: r.titleHolds,
      wordsInFields: r.wordsInFields,
      keywordIsQuery: r.keywordIsQuery,
    };
  });
  const kind = options.kind;
  const names =
    kind === 'page'
      ? []
      : matchNames(index.names, query, options.section).filter((n) => !kind || n.record.kind === kind);
  const hits = mergeResults(query, names, kind && kind !== 'page' ? [] : pages, limit);
  if (!final) return { hits, details: Promise.resolve(hits), final };
  const nameShown = new Map(names.map((n) => [`${n.record.url}\0${n.record.name}`, n]));
  const detailed = options.detailed ?? limit;
  // The list may be typed over while it is on screen (a phone shows the results of texts typed on the way): its
  // fragments are fetched once it has stood for `detailsAfterMs`, and not at all if it was typed over meanwhile.
  const standing = options.detailsAfterMs
    ? new Promise<void>((resolve) => setTimeout(resolve, options.detailsAfterMs))
    : Promise.resolve();
  const details = standing.then(() =>
    Promise.all(
      // oxlint-disable-next-line typescript/await-thenable -- on purpose a mix: the hits to complete are promises, the others plain values
      hits.map((h, i) => {
        // A setting's or an error code's own summary comes with the details (one small file for all of them).
        const name = h.kind ? nameShown.get(`${h.url}\0${h.title}`) : undefined;
        if (name && awaitsSummary(name.record) && current())
          return loadSummaries()
            .then(() => nameHitResult(name))
            .catch(() => h);
        const page = h.kind || i >= detailed ? undefined : byUrl.get(h.url);
        return page ? withDetails(h, page, terms, bodies, i === 0, current).catch(() => h) : h;
      }),
    ),
  );
  return { hits, details, final };
}

/** The page ranking for a query, scores included (for tuning: `scripts/search-relevance.ts --scores`). */
export async function explainRanking(query: string, section?: string): Promise<RankedPage[]> {
  const [index, fullText] = await Promise.all([loadNames(), loadPagefind()]);
  const fields = fieldIndexOf(index);
  const terms = queryTerms(query).slice(0, MAX_TERMS);
  const common = commonTerms(fields, terms);
  const skipped = bodyLookups(fields, terms);
  const bodies = await Promise.all(terms.map((t, i) => (skipped[i] ? NO_BODY : bodyResults(fullText, t.text))));
  return rankPages(
    fields,
    terms,
    bodies.map((b) => b.hits),
    section,
    query,
    common,
  );
}

/** The sections the filter offers (from the name index, in sidebar order). */
export async function searchSections(): Promise<string[]> {
  return (await loadNames()).sections;
}
