/** Page records and body hits as the ranking tests build them (the shapes of name-match.ts and search-rank.ts). */
import type { PageRecord } from '../../src/islands/name-match.ts';
import type { BodyHit } from '../../src/islands/search-rank.ts';

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
