/**
 * The code behind each kind of output (see `code-hash.ts`): a cache entry is made again when the code it came
 * from changes, and only then.
 */
import { BUNDLED_SOURCES, sourceFile as at } from '../source-dir.ts';
import type { BuildCache } from './build-cache.ts';
import { codeHash, filesUnder, moduleClosure, sha256 } from './code-hash.ts';

export type CodeKeys = ReturnType<typeof codeKeys>;

/**
 * The code keys, kept under the hash of the sources the running bundle was made from (with the lock file, which
 * the bundle's name holds too), Node and NODE_ENV: a rebuild on the same bundle does not read and hash the
 * modules of every key again. Under tsx (tests, tooling) they are made each time.
 */
export function cachedCodeKeys(cache: BuildCache, projectRoot: string, bundled = BUNDLED_SOURCES): CodeKeys {
  if (!bundled) return codeKeys(projectRoot);
  const key = sha256(bundled, process.version, `NODE_ENV=${process.env.NODE_ENV}`, projectRoot);
  const kept = cache.readJson<Record<string, unknown>>('code', key);
  // Untrusted input (the cache may come from elsewhere): used only if it is a set of keys of the right names.
  const hex = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
  if (kept && Object.keys(kept).length === CODE_KEY_NAMES.length && CODE_KEY_NAMES.every((n) => hex(kept[n]))) {
    cache.markUsed('code', key, '.json');
    return kept as CodeKeys;
  }
  const made = codeKeys(projectRoot);
  cache.writeText('code', key, '.json', JSON.stringify(made));
  return made;
}

/**
 * The modules an article body is made by (its cache key): page-work.tsx and what it uses for the body, not the
 * page around it (an edit of the page template renders no body again).
 */
export function bodyModules(): string[] {
  return moduleClosure([
    at('markdown/parse.ts'),
    at('build/render/parse-ahead.ts'),
    at('markdown/render-markdown.ts'),
    at('ui/ArticleBody.tsx'),
    at('examples/results-store.ts'),
    at('build/cache/code-hash.ts'),
    // What page-work.tsx adds to the Markdown: the signature cards, what the page names, image sizes, link bases.
    at('reference/signature-cards.ts'),
    at('examples/engine-objects.ts'),
    at('content/image-size.ts'),
    at('build/paths.ts'),
    at('site.config.ts'),
  ]).concat(at('build/render/page-work.tsx'));
}

export function codeKeys(projectRoot: string) {
  const hash = (files: string[]) => codeHash(projectRoot, files);
  const body = hash(bodyModules());
  return {
    body,
    page: hash(
      moduleClosure([
        at('build/render/page-work.tsx'),
        at('build/render/render-page.tsx'),
        at('build/render/pagefind-input.ts'),
      ]),
    ),
    assets: codeHash(
      projectRoot,
      [...moduleClosure([at('islands/main.tsx'), at('build/assets/build-assets.ts')]), ...filesUnder(at('ui/styles'))],
      `NODE_ENV=${process.env.NODE_ENV}`,
    ),
    searchIndex: hash(moduleClosure([at('build/search/search-index.ts')])),
    frontmatter: hash(moduleClosure([at('content/frontmatter.ts')])),
    checks: hash(moduleClosure([at('content/scan.ts')])),
    // What oniguruma-to-es makes of a pattern depends on the packages and Node, which every key covers.
    regexes: hash(moduleClosure([at('markdown/regex-memo.ts')])),
    names: hash(moduleClosure([at('build/search/names-work.ts')])),
    cards: hash(moduleClosure([at('examples/signatures/cards.ts')])),
    tools: hash(
      moduleClosure([at('build/write/functions-json.ts'), at('build/write/outputs.ts'), at('reference/data-files.ts')]),
    ),
  };
}

/** The names of the keys, in the order `codeKeys` gives them. */
export const CODE_KEY_NAMES: readonly (keyof CodeKeys)[] = [
  'body',
  'page',
  'assets',
  'searchIndex',
  'frontmatter',
  'checks',
  'regexes',
  'names',
  'cards',
  'tools',
];
