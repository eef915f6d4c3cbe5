import type { PageLink } from '../catalogue/types.ts';
import { uiStrings } from '../strings.ts';

export interface BreadcrumbList {
  '@context': 'https://schema.org';
  '@type': 'BreadcrumbList';
  itemListElement: { '@type': 'ListItem'; position: number; name: string; item: string }[];
}

/**
 * The page's breadcrumbs as schema.org's BreadcrumbList (what search engines show above a result): the docs
 * home, each ancestor that has a page of its own, then the page itself, each with its absolute URL. An ancestor
 * without a page has no URL to give, so it is left out, as schema.org wants an item for every entry.
 */
export function breadcrumbList(origin: string, crumbs: PageLink[], title: string, route: string): BreadcrumbList {
  const entries = [
    { name: uiStrings.home, href: '/doc/' },
    ...crumbs.filter((c) => c.href).map((c) => ({ name: c.label, href: c.href })),
    { name: title, href: route },
  ];
  // The docs home's own page ends at itself.
  const unique = entries.filter((e, i) => i === 0 || e.href !== entries[i - 1]?.href);
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: unique.map((e, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: e.name,
      item: new URL(e.href, origin).href,
    })),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped, so no text can close the element. */
export const jsonLd = (data: object): string => JSON.stringify(data).replace(/</g, '\\u003c');
