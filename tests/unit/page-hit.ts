/** A ranked page as the merge of names and pages takes it (search-hits.ts): no excerpt or crumbs, the title not matched. */
import type { PageHit } from '../../src/islands/search-hits.ts';

export const pageHit = (url: string, title: string, wordsInFields = false): PageHit => ({
  url,
  title,
  crumbs: '',
  excerpt: [],
  sub: [],
  titleHolds: false,
  wordsInFields,
});
