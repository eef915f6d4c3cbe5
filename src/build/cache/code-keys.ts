/**
 * The code behind each kind of output (see `code-hash.ts`): a cache entry is made again when the code it came
 * from changes, and only then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { BUNDLE_DIR, sourceFile as at } from '../source-dir.ts';
import { codeHash, filesUnder, moduleClosure, sha256 } from './code-hash.ts';

export type CodeKeys = ReturnType<typeof computeCodeKeys>;

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

function computeCodeKeys(projectRoot: string) {
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
    // The schema of the cache's manifest (`manifest.ts`).
    manifest: hash(moduleClosure([at('build/cache/manifest.ts')])),
  };
}

const known = new Map<string, CodeKeys>();
const KEY_NAMES = [
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
  'manifest',
] as const satisfies readonly (keyof CodeKeys)[];

/**
 * The code keys, made once per process. Run from the bundle `scripts/build.sh` makes, they are also kept in the
 * bundle's folder: its name is a hash of every file under `src/` (name and bytes) and of the lock file, which are
 * all the keys read, so the next build from that bundle takes them without reading and hashing the sources again
 * (a twentieth of a second). What else enters a key (Node's version, `NODE_ENV`, the project's folder) names the file.
 */
export function codeKeys(projectRoot: string, bundleDir = BUNDLE_DIR): CodeKeys {
  const env = `${process.version}\0${process.env.NODE_ENV}\0${path.resolve(projectRoot)}`;
  let keys = known.get(env);
  if (keys) return keys;
  const file = bundleDir && path.join(bundleDir, `code-keys-${sha256(env).slice(0, 16)}.json`);
  keys = file ? readKeys(file) : undefined;
  if (!keys) {
    keys = computeCodeKeys(projectRoot);
    if (file) keep(file, keys);
  }
  known.set(env, keys);
  return keys;
}

function keep(file: string, keys: CodeKeys): void {
  try {
    // Written whole under a name of its own, then renamed: two builds may start from one bundle.
    const tmp = `${file}.tmp-${process.pid}-${threadId}`;
    fs.writeFileSync(tmp, JSON.stringify(keys));
    fs.renameSync(tmp, file);
  } catch {
    // Not kept: the next build hashes the sources again.
  }
}

/** Keys kept by an earlier build from this bundle, if the file holds every key as a hash. */
function readKeys(file: string): CodeKeys | undefined {
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (KEY_NAMES.every((n) => typeof raw[n] === 'string' && /^[0-9a-f]{64}$/.test(raw[n]))) return raw as CodeKeys;
  } catch {
    // None, or damaged: made again.
  }
  return undefined;
}
