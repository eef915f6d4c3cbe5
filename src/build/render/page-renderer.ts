/**
 * Stage 2, render: the pages the cache does not hold, rendered by `PageWork` in worker threads (`RenderPool`).
 * The threads start with the build and load their modules while the content is read. Threads never touch the
 * cache: this thread appends each result to it as it comes back.
 */
import os from 'node:os';
import { grammarsOf } from '../../markdown/languages.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import type { LoadedSite } from '../load/load-stage.ts';
import {
  bodyRefOf,
  readBlocks,
  writeBody,
  writePage,
  readBody,
  type PageJob,
  type PageResult,
  type WorkSetup,
} from '../page-keys.ts';
import { knownAnchors, type PageState } from '../page-state.ts';
import type { EntryOutline } from './entry-outline.ts';
import { RenderPool } from './render-pool.ts';
import { workerBundle } from './worker-bundle.ts';

/** A page's body as the cache and the page key name it: its key and meta, or `generated` for an index. */
export const bodyRef = (s: PageState): string => (s.meta ? bodyRefOf(s.bodyKey!, s.meta) : 'generated');

export class PageRenderer {
  /** Bodies and whole pages rendered, and the most threads used. */
  bodies = 0;
  pages = 0;
  threads = 0;
  /** The outline of each body rendered, by its Markdown (`functions.json` reads an edited entry's from it). */
  readonly outlines = new Map<string, EntryOutline>();
  private pool: RenderPool | undefined;
  private readonly bundled = workerBundle();
  private readonly starting: Promise<unknown> | undefined;
  private site: LoadedSite | undefined;

  /**
   * `first`: a first build gets a thread per core; a rebuild one, which renders an edited page without waiting
   * for a thread to start, and is stopped unused if nothing changed. `threads: 0` starts none until needed.
   */
  constructor(
    private readonly cache: BuildCache,
    private readonly options: { threads?: number },
    first: boolean,
  ) {
    // Not awaited: making the bundle (a first build after a change of the code) goes on while the content is read.
    this.starting =
      options.threads === 0
        ? undefined
        : this.bundled.then(
            (bundle) =>
              (this.pool = new RenderPool(options.threads ?? (first ? os.availableParallelism() : 1), bundle)),
          );
    this.starting?.catch(() => undefined);
  }

  /** Renders the pages at `indexes` of the loaded site; `onResult` hears of each as it is settled. */
  async render(loaded: LoadedSite, indexes: number[], onResult?: (i: number) => void): Promise<void> {
    if (indexes.length === 0) return;
    this.site = loaded;
    await this.starting;
    this.pool ??= new RenderPool(this.options.threads ?? RenderPool.threadsFor(indexes.length), await this.bundled);
    const pool = this.pool;
    if (this.options.threads === undefined) pool.grow(RenderPool.threadsFor(indexes.length));
    if (!pool.ready) pool.setup(this.setup());
    this.threads = Math.max(this.threads, pool.size);
    let next = 0;
    const runner = async () => {
      while (next < indexes.length) {
        const i = indexes[next++]!;
        const s = loaded.states[i]!;
        const result: PageResult = await pool.run(this.jobOf(s, i));
        this.keep(s, result);
        onResult?.(i);
      }
    };
    // Jobs queued: enough for each thread to find pages in the languages it knows (see RenderPool), few enough
    // that the cached bodies they carry stay few.
    await Promise.all(Array.from({ length: Math.min(indexes.length, Math.max(1, pool.size) * 16) }, runner));
  }

  /** The threads learn the anchors of the pages rendered since they were set up (before a second round). */
  refresh(loaded: LoadedSite): void {
    this.site = loaded;
    this.pool?.setup(this.setup());
  }

  /** The threads stopped (when nothing is to render, or once every page is in). */
  async close(): Promise<void> {
    await this.starting?.catch(() => undefined);
    await this.pool?.close();
    this.pool = undefined;
  }

  private setup(): WorkSetup {
    const s = this.site!;
    return {
      contentRoot: s.tree.root,
      routeOfSource: s.routeOfSource,
      pages: s.pageKeys,
      anchors: knownAnchors(s.states),
      assets: s.assets,
      site: s.site,
      siteKey: s.siteKey,
      regexes: s.regexes.known,
      cards: s.cards.cards,
      categoryOfDir: s.cards.categoryOfDir,
    };
  }

  /** A job is made when its turn comes: a cached body's HTML is read then, so only the jobs in flight hold one. */
  private jobOf(s: PageState, index: number): PageJob {
    if (s.page.kind !== 'doc') return { index, view: { ...s.view, toc: [] } };
    const html = s.meta ? readBody(this.cache, s.bodyKey!)?.html : undefined;
    // A damaged entry: the body is rendered again.
    if (html === undefined) s.meta = undefined;
    const cachedBody = s.meta && html !== undefined ? { ref: bodyRef(s), html } : undefined;
    const grammars = cachedBody ? [] : grammarsOf(s.page.source.body);
    // The code blocks the page's last render highlighted (before an edit, which mostly leaves them as they were).
    const blocks = cachedBody ? undefined : readBlocks(this.cache, s.lastBodyKey ?? s.bodyKey!, this.site!.code.body);
    return {
      index,
      doc: {
        relPath: s.page.source.relPath,
        file: s.page.source.file,
        title: s.page.title,
        body: s.page.source.body,
        bodyKey: s.bodyKey!,
        ...(cachedBody ? { cachedBody } : {}),
        ...(blocks ? { blocks } : {}),
      },
      view: { ...s.view, toc: s.meta?.toc ?? [] },
      ...(grammars.length ? { grammars } : {}),
    };
  }

  /** A result kept: its body and page appended to the cache, what it reports on its page's state. */
  private keep(s: PageState, result: PageResult): void {
    this.pages++;
    this.site!.regexes.add(result.regexes);
    if (result.outline && s.page.kind === 'doc') this.outlines.set(s.page.source.body, result.outline);
    if (result.meta) {
      this.bodies++;
      s.meta = result.meta;
      if (result.bodyHtml !== undefined)
        writeBody(
          this.cache,
          s.bodyKey!,
          result.meta,
          result.bodyHtml,
          result.blocks && { code: this.site!.code.body, blocks: result.blocks },
        );
    }
    if (result.page && result.pageKey) writePage(this.cache, result.pageKey, result.page.html, result.page.pf);
    s.errors = result.errors;
    s.pageKey = result.pageKey;
  }
}
