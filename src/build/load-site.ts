import path from 'node:path';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { routeKey } from '../catalogue/ids.ts';
import type { Catalogue, Page } from '../catalogue/types.ts';
import { ErrorSink } from '../content/errors.ts';
import { scanContent } from '../content/scan.ts';
import type { SourceTree } from '../content/types.ts';
import { loadHighlighter, TokenStyles } from '../markdown/highlighter.ts';
import type { LinkTargets } from '../markdown/links.ts';
import { parseMarkdown, type ParsedMarkdown } from '../markdown/parse.ts';
import { renderMarkdown, type CodeBlockInfo } from '../markdown/render-markdown.ts';
import { readRecordedPage } from '../examples/results-store.ts';
import { siteConfig } from '../site.config.ts';
import type { PageView } from '../ui/types.ts';
import { lastCommitDates } from './git-dates.ts';

/** URL prefix under which content assets (images, sample files) are published. */
export const CONTENT_ASSET_BASE = '/assets/content';

/** One page, ready for the shell: its view plus what the outputs besides HTML need. */
export interface BuiltPage {
  page: Page;
  view: PageView;
  /** The Markdown source, published at `<route>.md` (written pages only). */
  markdown?: string;
  codeBlocks: CodeBlockInfo[];
}

/** Everything the writers need: the catalogue, every page rendered to a view, the code token stylesheet. */
export interface SiteModel {
  tree: SourceTree;
  /** Absolute path of the content folder. */
  contentRoot: string;
  catalogue: Catalogue;
  pages: BuiltPage[];
  tokenCss: string;
}

export interface LoadOptions {
  projectRoot: string;
  /** Content folder, relative to the project (default `content/doc`). */
  contentDir?: string;
  /** Render pages whose examples have no recorded results yet (the examples tooling itself). */
  allowMissingResults?: boolean;
  /** Skip `git log` (the dev server and the synthetic benchmark do not need dates). */
  withDates?: boolean;
}

/** The `.md` copy of a page: `/doc/guides/` → `/doc/guides.md`. */
export function markdownUrlOf(route: string): string {
  return `${routeKey(route)}.md`;
}

/**
 * content → catalogue → rendered views. Collects every content error of every page before failing, so one run
 * shows all problems.
 */
export async function loadSite(options: LoadOptions): Promise<SiteModel> {
  const contentDir = options.contentDir ?? siteConfig.contentDir;
  const contentRoot = path.resolve(options.projectRoot, contentDir);
  const tree = scanContent(contentRoot, options.projectRoot);
  const catalogue = buildCatalogue(tree, { routeBase: siteConfig.routeBase });

  // First pass: every page's anchors, so links between pages can be checked in the second.
  const parsed = new Map<Page, ParsedMarkdown>();
  const anchorsByRoute = new Map<string, ReadonlySet<string>>();
  for (const page of catalogue.pages) {
    if (page.kind === 'doc') {
      const p = parseMarkdown(page.source.body);
      parsed.set(page, p);
      anchorsByRoute.set(routeKey(page.route), withCardAnchor(p.anchors, page));
    } else {
      anchorsByRoute.set(routeKey(page.route), withCardAnchor(new Set(), page));
    }
  }
  const assetSet = new Set(tree.assets.map((a) => a.relPath));
  const targets: LinkTargets = {
    routeOfSource: (rel) => catalogue.bySource.get(rel)?.route,
    anchorsOf: (key) => anchorsByRoute.get(key),
    hasAsset: (rel) => assetSet.has(rel),
    routeBase: siteConfig.routeBase,
    assetBase: CONTENT_ASSET_BASE,
  };

  const highlighter = await loadHighlighter();
  const styles = new TokenStyles();
  const sink = new ErrorSink();
  const dates = options.withDates === false ? new Map<string, string>() : lastCommitDates(options.projectRoot, contentDir);
  const pages: BuiltPage[] = [];
  for (const page of catalogue.pages) {
    const common = {
      route: page.route,
      title: page.title,
      description: page.description,
      breadcrumbs: page.breadcrumbs,
      prev: page.prev,
      next: page.next,
      cards: page.cards,
    };
    if (page.kind === 'generated-index') {
      pages.push({ page, view: { ...common, kind: 'generated-index', toc: [], enterprise: false }, codeBlocks: [] });
      continue;
    }
    const p = parsed.get(page);
    if (!p) continue;
    const rendered = renderMarkdown(p, {
      file: page.source.file,
      relPath: page.source.relPath,
      targets,
      highlighter,
      styles,
      sink,
      recorded: readRecordedPage(contentRoot, page.source.relPath)?.examples,
      allowMissingResults: options.allowMissingResults,
    });
    const view: PageView = {
      ...common,
      kind: 'doc',
      toc: p.toc,
      body: rendered.hast,
      enterprise: page.enterprise,
      editUrl: `${siteConfig.docsRepository}/edit/${siteConfig.docsBranch}/${contentDir}/${page.source.relPath}`,
      markdownUrl: markdownUrlOf(page.route),
      lastUpdated: dates.get(page.source.file),
    };
    pages.push({ page, view, markdown: page.source.raw, codeBlocks: rendered.codeBlocks });
  }
  sink.throwIfAny();
  return { tree, contentRoot, catalogue, pages, tokenCss: styles.css() };
}

/** Pages with section cards also have the "In this section" heading as a link target. */
function withCardAnchor(anchors: Set<string>, page: Page): ReadonlySet<string> {
  if (page.cards.length > 0) anchors.add('in-this-section');
  return anchors;
}
