/**
 * The outputs read from the rendered pages: the search names (`search-names.ts`) and the engine coverage
 * (`engine-objects.ts`). They walk every page's syntax tree, read back from the build cache one page at a time;
 * the build runs this in a render thread, so its own thread stays free to feed Pagefind meanwhile.
 */
import type { Catalogue } from '../catalogue/types.ts';
import type { SourceTree } from '../content/types.ts';
import { engineCoverage, type CoverageLine, type EngineObjects } from '../examples/engine-objects.ts';
import type { NameIndex } from '../islands/name-match.ts';
import type { PageView } from '../ui/types.ts';
import { BuildCache } from './build-cache.ts';
import type { BuiltPage, SiteModel } from './load-site.ts';
import { CACHE, type StoredHast } from './page-keys.ts';
import { nameIndex } from './search-names.ts';

export interface NamesJob {
  projectRoot: string;
  contentRoot: string;
  cacheDir: string;
  tree: SourceTree;
  catalogue: Catalogue;
  /** Each page's view (without body) and, for a written page, the key of its rendered body in the cache. */
  pages: { view: PageView; bodyRef?: string }[];
  objects: EngineObjects;
  /** Where the result is kept in the cache (`names/<key>.json`). */
  key: string;
}

export interface Names {
  index: NameIndex;
  coverage: CoverageLine[];
}

export function computeNames(job: NamesJob): Names {
  const cache = new BuildCache(job.cacheDir);
  const model = lazyModel(job.tree, job.contentRoot, job.catalogue, job.pages, cache);
  const value: Names = { index: nameIndex(model, job.projectRoot, job.objects), coverage: engineCoverage(model, job.objects) };
  cache.writeText('names', job.key, '.json', JSON.stringify(value));
  return value;
}

/**
 * The pages as `SiteModel` for the writers that read them: each body is read from the cache when asked for, and
 * only the last one read is kept.
 */
export function lazyModel(tree: SourceTree, contentRoot: string, catalogue: Catalogue, pages: NamesJob['pages'], cache: BuildCache, usedAssets: ReadonlySet<string> = new Set()): SiteModel {
  let last: { key: string; stored: StoredHast } | undefined;
  const stored = (key: string): StoredHast => {
    if (last?.key !== key) {
      const text = cache.readPacked(CACHE.hast, key, '.json');
      if (text === undefined) throw new Error(`build: the rendered body ${key} is missing from the cache folder ${cache.dir}`);
      last = { key, stored: JSON.parse(text) as StoredHast };
    }
    return last.stored;
  };
  const built: BuiltPage[] = pages.map(({ view: v, bodyRef }, i) => {
    const page = catalogue.pages[i]!;
    const view: PageView = { ...v };
    const one = { page, view, markdown: page.kind === 'doc' ? page.source.raw : undefined } as BuiltPage;
    if (bodyRef) {
      Object.defineProperty(view, 'body', { get: () => stored(bodyRef).body, enumerable: true });
      Object.defineProperty(one, 'codeBlocks', { get: () => stored(bodyRef).codeBlocks, enumerable: true });
    } else one.codeBlocks = [];
    return one;
  });
  return { tree, contentRoot, catalogue, pages: built, tokenCss: '', usedAssets };
}
