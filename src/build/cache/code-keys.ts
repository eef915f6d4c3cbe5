/**
 * The code behind each kind of output (see `code-hash.ts`): a cache entry is made again when the code it came
 * from changes, and only then.
 */
import { sourceFile as at } from '../source-dir.ts';
import { codeHash, filesUnder, moduleClosure } from './code-hash.ts';

export type CodeKeys = ReturnType<typeof codeKeys>;

/**
 * The modules an article body is made by (its cache key): page-work.tsx and what it uses for the body, not the
 * page around it (an edit of the page template renders no body again).
 */
export function bodyModules(): string[] {
  return moduleClosure([
    at('markdown/parse.ts'),
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
    // How the body's markup is written.
    at('build/render/lean-html.ts'),
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
    searchIndex: hash(
      moduleClosure([
        at('build/search/search-index.ts'),
        at('build/search/page-entries.ts'),
        at('build/search/index-writer.ts'),
      ]),
    ),
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
