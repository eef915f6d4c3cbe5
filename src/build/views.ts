/** A catalogue page as the UI sees it, without its body: shared by the build and `prepareSite`. */
import type { Page } from '../catalogue/types.ts';
import { siteConfig } from '../site.config.ts';
import type { PageView } from '../ui/types.ts';
import { markdownUrlOf } from './paths.ts';

export function pageViewOf(page: Page, contentDir: string, dates: ReadonlyMap<string, string>): PageView {
  const common = {
    route: page.route,
    title: page.title,
    description: page.description,
    breadcrumbs: page.breadcrumbs,
    section: page.section,
    prev: page.prev,
    next: page.next,
    cards: page.cards,
  };
  if (page.kind === 'generated-index') return { ...common, kind: 'generated-index', toc: [], enterprise: false };
  return {
    ...common,
    kind: 'doc',
    toc: [],
    enterprise: page.enterprise,
    keywords: page.keywords,
    editUrl: `${siteConfig.docsRepository}/edit/${siteConfig.docsBranch}/${contentDir}/${page.source.relPath}`,
    markdownUrl: markdownUrlOf(page.route),
    lastUpdated: dates.get(page.source.file),
  };
}
