/**
 * What the UI receives: resolved, render-ready values. Components never see raw frontmatter or file paths
 * (the build stage turns those into these views).
 */
import type { Root as HastRoot } from 'hast';
import type { PageBase, SidebarItem, VersionRecord } from '../catalogue/types.ts';
import type { NameRecord } from '../islands/name-match.ts';
import type { TocEntry } from '../markdown/headings.ts';

export interface PageView extends Pick<
  PageBase,
  'route' | 'title' | 'description' | 'breadcrumbs' | 'section' | 'prev' | 'next' | 'cards'
> {
  /** `doc` is written in Markdown, `generated-index` lists a section, `not-found` is the 404 page, `search` the search page. */
  kind: 'doc' | 'generated-index' | 'not-found' | 'search';
  /** The search page's directory of every documented name. */
  names?: NameRecord[];
  toc: TocEntry[];
  /** The article body (Markdown rendered to HAST); absent for generated pages. */
  body?: HastRoot;
  /** Shows the Enterprise badge and the licence note. */
  enterprise: boolean;
  /** Search keywords from the frontmatter (written pages only). */
  keywords?: string[];
  /** Where the Markdown source can be edited, for written pages. */
  editUrl?: string;
  /** The page's Markdown copy on this site (`<route>.md`). */
  markdownUrl?: string;
  /** ISO date of the source's last commit, when the file is under git. */
  lastUpdated?: string;
}

/** What every page shares: the sidebar, the version, and the built assets to link. */
export interface SiteView {
  sidebar: SidebarItem[];
  version: VersionRecord;
  /** Stylesheet URLs, in order. */
  stylesheets: string[];
  /** Module script URLs (never render-blocking). */
  scripts: string[];
  /** The tiny theme bootstrap that must run before first paint (allowed by its CSP hash). */
  themeScript: string;
  /** Public origin for canonical URLs and Open Graph tags. */
  origin: string;
  /** The Databend release the pages and their example results describe (`v1.2.453`). */
  engineVersion: string;
  /** URL of the whole sidebar as JSON, which fills the categories a page leaves closed and empty when opened. */
  sidebarData?: string;
  /** The CSP as a `<meta http-equiv>` (for hosts that send no headers); empty in the dev server. */
  contentSecurityPolicy?: string;
}
