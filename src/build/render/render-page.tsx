import { renderToStaticMarkup } from 'react-dom/server';
import { Page } from '../../ui/Page.tsx';
import type { PageView, SiteView } from '../../ui/types.ts';
import { leanHtml } from './lean-html.ts';

/** One route to a complete HTML document. */
export function renderPageHtml(page: PageView, site: SiteView): string {
  return `<!doctype html>${leanHtml(renderToStaticMarkup(<Page page={page} site={site} />))}`;
}
