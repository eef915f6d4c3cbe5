/**
 * A result's excerpt and deep links, from its page's Pagefind fragment: fetched after the list is on screen, for
 * the first results only, and never changing their order.
 */
import type { RankedPage } from './search-rank.ts';
import { pickSections, scoreSections, type Fragment, type Section } from './search-sections.ts';
import type { QueryTerm } from './search-text.ts';
import type { BodyAnswer } from './search-fulltext.ts';
import type { SearchHit } from './search-hits.ts';

/**
 * A result's details from its Pagefind fragment: an excerpt around the query words, and the sections that match
 * best as deep links. The first result opens at its best section when that section clearly beats the top of the page.
 */
export async function withDetails(
  hit: SearchHit,
  page: RankedPage,
  terms: QueryTerm[],
  bodies: BodyAnswer[],
  first: boolean,
  current: () => boolean,
): Promise<SearchHit> {
  const handle = bodies.map((b) => b.handles.get(page.doc.id)).find(Boolean);
  // A query typed over fetches no fragment: its list is never shown.
  if (!handle || !current()) return hit;
  // Only the fragment's own fields are read: Pagefind reuses one object per page for every word's answer.
  const d = await handle.data();
  const fragment: Fragment = { url: d.url, content: d.content, raw_content: d.raw_content, anchors: d.anchors };
  const locations = bodies.map((b) => b.handles.get(page.doc.id)?.words ?? []);
  const sections = scoreSections(fragment, page.doc.title, terms, page.weights, locations);
  const { sub, jump } = pickSections(sections);
  const link = (s: Section) => `${hit.url}#${s.anchor}`;
  const top = sections[0];
  const opensAt = first ? jump : undefined;
  const excerpt = opensAt?.excerpt ?? (top?.excerpt.some((r) => r.marked) ? top.excerpt : hit.excerpt);
  return {
    ...hit,
    url: opensAt ? link(opensAt) : hit.url,
    section: opensAt?.title,
    excerpt,
    sub: sub.filter((s) => s !== opensAt).map((s) => ({ url: link(s), title: s.title, excerpt: s.excerpt })),
  };
}
