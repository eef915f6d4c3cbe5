import { TocHighlight } from '../islands/TocHighlight.tsx';
import { siteConfig } from '../site.config.ts';
import { ArticleBody } from './ArticleBody.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { EnterpriseNote } from './EnterpriseNote.tsx';
import { Island } from './Island.tsx';
import { NotFoundBody } from './NotFoundBody.tsx';
import { PageFooter } from './PageFooter.tsx';
import { PrevNext } from './PrevNext.tsx';
import { SearchPageBody } from './SearchPageBody.tsx';
import { SectionCards } from './SectionCards.tsx';
import { breadcrumbList, jsonLd } from './structured-data.ts';
import { Sidebar } from './Sidebar.tsx';
import { uiStrings } from '../strings.ts';
import { TableOfContents } from './TableOfContents.tsx';
import { TopBar } from './TopBar.tsx';
import type { PageView, SiteView } from './types.ts';

/** A page with this many headings is long enough to want a way back to its top. */
const LONG_PAGE_HEADINGS = 4;

/** Pagefind reads `key:value, key:value`: a comma inside a value would start a new pair. */
const pagefindValue = (s: string) => s.replace(/,/g, ' ');

/** The whole document for one route: head (meta, canonical, Open Graph, assets) and the page shell. */
export function Page({ page, site }: { page: PageView; site: SiteView }) {
  const notFound = page.kind === 'not-found';
  const searchPage = page.kind === 'search';
  // Only documentation pages are indexed, with where they sit (the search filters by section with the records).
  const indexed = !notFound && !searchPage;
  const crumbs = page.breadcrumbs.map((c) => c.label).join(' › ');
  const canonical = `${site.origin}${page.route}`;
  const fullTitle = `${page.title} | ${siteConfig.title}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {site.contentSecurityPolicy ? (
          <meta httpEquiv="Content-Security-Policy" content={site.contentSecurityPolicy} />
        ) : null}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={page.description} />
        {notFound || searchPage ? <meta name="robots" content="noindex" /> : null}
        {notFound ? null : <link rel="canonical" href={canonical} />}
        <link
          rel="search"
          type="application/opensearchdescription+xml"
          href="/opensearch.xml"
          title={siteConfig.title}
        />
        <meta property="og:type" content="article" />
        <meta property="og:site_name" content={siteConfig.title} />
        <meta property="og:title" content={page.title} />
        <meta property="og:description" content={page.description} />
        {notFound ? null : <meta property="og:url" content={canonical} />}
        <meta name="twitter:card" content="summary" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: site.themeScript }} />
        {site.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {site.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {page.markdownUrl ? <link rel="alternate" type="text/markdown" href={page.markdownUrl} /> : null}
        {/* Data, not code: the browser never runs it, so the Content-Security-Policy's script-src does not apply. */}
        {notFound ? null : (
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{
              __html: jsonLd(breadcrumbList(site.origin, page.breadcrumbs, page.title, page.route)),
            }}
          />
        )}
      </head>
      <body>
        <a className="skip-link" href="#content">
          {uiStrings.skipToContent}
        </a>
        <TopBar version={site.version} engineVersion={site.engineVersion} />
        <div className="layout">
          {/* The phone's drawer: a dialog around the navigation while the menu is open (a nav cannot be one). */}
          <div className="sidebar-drawer">
            <Sidebar items={site.sidebar} currentRoute={page.route} dataUrl={site.sidebarData} />
          </div>
          <main id="content" className="main" tabIndex={-1}>
            {indexed ? <Breadcrumbs crumbs={page.breadcrumbs} title={page.title} /> : null}
            <article
              className="article"
              data-pagefind-body={indexed ? '' : undefined}
              data-pagefind-meta={indexed && crumbs ? `crumbs:${pagefindValue(crumbs)}` : undefined}
            >
              {/* The title is what a reader most often types: it outweighs any heading in the body. */}
              <h1 data-pagefind-weight={indexed ? '10' : undefined}>{page.title}</h1>
              {page.enterprise ? <EnterpriseNote /> : null}
              {page.kind === 'generated-index' ? <p className="lead">{page.description}</p> : null}
              <TableOfContents entries={page.toc} backToTop={page.toc.length >= LONG_PAGE_HEADINGS} />
              {page.body ? <ArticleBody tree={page.body} /> : null}
              {notFound ? <NotFoundBody /> : null}
              {searchPage ? <SearchPageBody names={page.names ?? []} /> : null}
              <SectionCards cards={page.cards} />
            </article>
            {!indexed ? null : (
              <PageFooter title={page.title} route={page.route} editUrl={page.editUrl} lastUpdated={page.lastUpdated} />
            )}
            <PrevNext prev={page.prev} next={page.next} />
          </main>
        </div>
        {page.toc.length > 0 ? <Island name="toc-highlight" component={TocHighlight} props={{}} /> : null}
      </body>
    </html>
  );
}
