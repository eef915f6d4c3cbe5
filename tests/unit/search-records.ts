/** Page records and body hits as the ranking tests build them (the shapes of name-match.ts and search-rank.ts). */
import type { NameRecord, PageRecord } from '../../src/islands/name-match.ts';
import type { FieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';

export const record = (
  url: string,
  title: string,
  summary: string,
  headings: string[] = [],
  listing = false,
): PageRecord =>
  listing ? [url, title, 'Docs', summary, 'Docs', headings, [], 1] : [url, title, 'Docs', summary, 'Docs', headings];

/** Body hits at the given word locations, each with the same score. */
export const hits = (per: Record<string, number[]>): BodyHit[] =>
  Object.entries(per).map(([id, locations]) => ({ id, score: 10, locations }));

/** Twelve pages that hold none of the query's words, so that word rarity (IDF) means what it does on the real site. */
export function addFillerPages(pages: Record<string, PageRecord>, summary = 'Nothing in particular.'): void {
  for (let i = 0; i < 12; i++) pages[`p${i}`] = record(`/doc/page-${i}`, `Page ${i}`, summary);
}

/** A function's name record, on a page of its own. */
export const functionName = (name: string, url: string, section = 'SQL Functions'): NameRecord => ({
  name,
  kind: 'function',
  url,
  page: name,
  section,
  summary: '',
});

/**
 * The URL ranked first for a query, with each query word's body hits given by the word (a word missing has none);
 * `common` lists the words treated as too common to look up.
 */
export function firstRanked(
  index: FieldIndex,
  q: string,
  words: Record<string, BodyHit[]>,
  common: readonly string[] = [],
): string | undefined {
  const terms = queryTerms(q);
  return rankPages(
    index,
    terms,
    terms.map((t) => words[t.text] ?? []),
    undefined,
    q,
    terms.map((t) => common.includes(t.text)),
  )[0]?.doc.url;
}
