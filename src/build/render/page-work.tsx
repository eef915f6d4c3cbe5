/**
 * The work the build does for one page, in a worker thread (`render-worker.ts`) or, for a handful of pages, in
 * the main thread: Markdown → HAST → article HTML (the "body", kept in the cache by a hash of everything it
 * depends on), then the whole page around it, and the part of it Pagefind indexes.
 *
 * Links between pages are checked against the anchors of the other pages. A page is rendered before the
 * others' anchors are all known, so every question the render asks about the rest of the site (does this
 * source have a route, does that page have this heading, is this image there) is recorded with the answer it
 * got; the main thread checks every answer once all pages are known, and renders a page again, with the full
 * answers, if one was wrong. The same record tells a later build whether the cached body still holds.
 */
import path from 'node:path';
import type { Root as HastRoot } from 'hast';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorSink } from '../../content/errors.ts';
import { imageSizeKey, readImageSize } from '../../content/image-size.ts';
import { pagePlaces } from '../../examples/engine-objects.ts';
import { recordedExamples } from '../../examples/results-store.ts';
import type { BlockMemo } from '../../markdown/block-memo.ts';
import { highlighterFor, TokenStyles } from '../../markdown/highlighter.ts';
import { rememberRegexes, takeNewRegexes } from '../../markdown/regex-memo.ts';
import type { LinkTargets } from '../../markdown/links.ts';
import { parseMarkdown } from '../../markdown/parse.ts';
import { insertSignatureCards } from '../../reference/signature-cards.ts';
import { codeLanguagesOf, renderMarkdown } from '../../markdown/render-markdown.ts';
import { ArticleBody } from '../../ui/ArticleBody.tsx';
import type { PageView } from '../../ui/types.ts';
import {
  bodyRefOf,
  pageKeyOf,
  type BodyMeta,
  type JobError,
  type PageJob,
  type PageResult,
  type SiteQuery,
  type WorkSetup,
} from '../page-keys.ts';
import { pagefindInput } from './pagefind-input.ts';
import { CONTENT_ASSET_BASE } from '../paths.ts';
import { leanHtml } from './lean-html.ts';
import { renderPageHtml } from './render-page.tsx';
import { siteConfig } from '../../site.config.ts';
import { entryOutline, type EntryOutline } from './entry-outline.ts';

/** Where the article body goes in the page template (a text node React leaves as it is). */
const BODY_MARK = '@@article-body@@';
const BODY_PLACEHOLDER: HastRoot = { type: 'root', children: [{ type: 'text', value: BODY_MARK }] };
const PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;
const PREAMBLE = /^<!doctype html><html[^>]*><head>(?:<meta charSet="[^"]*"\/>)?(?:<meta name="viewport"[^>]*\/>)?/;

/**
 * The page with its body in place, as if React had rendered both at once. React preloads the images of a page
 * in its head, just after the charset and viewport; rendered alone, the body carries those links at its start.
 */
export function withBody(page: string, body: string): string {
  const preloads = PRELOADS.exec(body)?.[0] ?? '';
  const html = page.replace(BODY_MARK, () => body.slice(preloads.length));
  if (!preloads) return html;
  const at = PREAMBLE.exec(html)?.[0].length ?? 0;
  return html.slice(0, at) + preloads + html.slice(at);
}

export class PageWork {
  private readonly routeKeys: Set<string>;
  private readonly assetSet: Set<string>;

  constructor(private readonly setup: WorkSetup) {
    this.routeKeys = new Set(setup.pages);
    this.assetSet = new Set(setup.assets);
    rememberRegexes(setup.regexes);
  }

  async run(job: PageJob): Promise<PageResult> {
    const result: PageResult = { index: job.index, errors: [] };
    let bodyHtml = '';
    const view: PageView = { ...job.view };
    let bodyRef = 'generated';
    if (job.doc) {
      if (job.doc.cachedBody) {
        bodyHtml = job.doc.cachedBody.html;
        bodyRef = job.doc.cachedBody.ref;
      } else {
        const body = await this.renderBody(job.doc);
        if (body.errors.length) return { ...result, errors: body.errors };
        bodyHtml = body.html;
        result.meta = body.meta;
        result.bodyHtml = body.html;
        result.blocks = body.blocks;
        result.outline = body.outline;
        view.toc = body.meta.toc;
        bodyRef = bodyRefOf(job.doc.bodyKey, body.meta);
      }
      view.body = BODY_PLACEHOLDER;
    }
    const html = withBody(renderPageHtml(view, this.setup.site), bodyHtml);
    result.pageKey = pageKeyOf(this.setup.siteKey, bodyRef, view);
    result.page = { html, pf: pagefindInput(html) };
    const regexes = takeNewRegexes();
    if (regexes) result.regexes = regexes;
    return result;
  }

  /** Markdown → HAST → HTML, with the questions it asked (the main thread keeps it under the body key). */
  private async renderBody(doc: NonNullable<PageJob['doc']>): Promise<{
    html: string;
    meta: BodyMeta;
    blocks?: BlockMemo['used'];
    outline?: EntryOutline;
    errors: JobError[];
  }> {
    const sink = new ErrorSink();
    const queries: SiteQuery[] = [];
    const assets = new Set<string>();
    const known = this.setup.anchors;
    const targets: LinkTargets = {
      routeOfSource: (rel) => {
        const route = this.setup.routeOfSource[rel];
        queries.push(['route', rel, route ?? null]);
        return route;
      },
      anchorsOf: (key) => {
        const exists = this.routeKeys.has(key);
        queries.push(['page', key, exists]);
        if (!exists) return undefined;
        const anchors = known[key];
        const has = (anchor: string) => {
          // Not known yet: assumed, and checked by the main thread when it is.
          const answer = anchors ? anchors.includes(anchor) : true;
          queries.push(['anchor', key, anchor, answer]);
          return answer;
        };
        return { has } as ReadonlySet<string>;
      },
      hasAsset: (rel) => {
        const answer = this.assetSet.has(rel);
        queries.push(['asset', rel, answer]);
        if (answer) assets.add(rel);
        return answer;
      },
      imageSize: (rel) => {
        const size = readImageSize(path.join(this.setup.contentRoot, rel));
        queries.push(['image', rel, imageSizeKey(size)]);
        return size;
      },
      routeBase: siteConfig.routeBase,
      assetBase: CONTENT_ASSET_BASE,
    };
    const parsed = parseMarkdown(doc.body);
    // Taken before the render, which may change the tree.
    const outline = entryOutline(parsed.tree);
    const styles = new TokenStyles();
    const blocks: BlockMemo = { known: doc.blocks ?? {}, used: {} };
    const recorded = recordedExamples(
      this.setup.contentRoot,
      doc.relPath,
      this.setup.allowMissingResults ? undefined : sink,
    );
    const rendered = renderMarkdown(parsed, {
      file: doc.file,
      relPath: doc.relPath,
      targets,
      highlighter: await highlighterFor(codeLanguagesOf(parsed)),
      styles,
      blocks,
      sink,
      recorded,
      allowMissingResults: this.setup.allowMissingResults,
    });
    if (sink.errors.length)
      return {
        html: '',
        meta: undefined as never,
        errors: sink.errors.map((e) => ({ file: e.file, line: e.line, reason: e.reason, column: e.column })),
      };
    // What the page names is read before the cards go in: a card names nothing of its own.
    const places = pagePlaces(rendered.hast);
    insertSignatureCards(
      rendered.hast,
      places,
      doc.title,
      this.setup.cards,
      this.setup.categoryOfDir[path.posix.dirname(doc.relPath)],
    );
    const html = leanHtml(renderToStaticMarkup(<ArticleBody tree={rendered.hast} />));
    const meta: BodyMeta = {
      anchors: [...parsed.anchors],
      toc: parsed.toc,
      queries,
      styles: tokenStylesOf(styles),
      assets: [...assets],
      places,
    };
    return { html, meta, blocks: blocks.used, outline, errors: [] };
  }
}

/** The token classes a render handed out, as the stylesheet's rules (`.<class>{<style>}`, one per line). */
function tokenStylesOf(styles: TokenStyles): string[] {
  const css = styles.css();
  return css ? css.split('\n') : [];
}
