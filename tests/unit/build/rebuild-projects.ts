/**
 * What the rebuild tests share: a project of their own per test (a copy of the fixture content, its own cache),
 * and the comparison of two built sites file by file. Each test file gets its own scratch folder (`work`), removed
 * by its afterAll.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { buildSite } from '../../../src/build/cli.ts';
import { markCacheFolder } from '../../../src/build/cache/cache-folder.ts';

export const root = path.resolve(import.meta.dirname, '../../..');
export const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-incremental-'));

/**
 * A project of its own for each test: its copy of the fixture content and its own cache, so no test sees
 * another's edits or cache entries, and none touches the project's content/ or .cache/. Two pages per part of
 * the search index, so the fixture's six pages make three parts. Pages are rendered in this thread (`--threads 0`):
 * these tests are about what the cache keeps and what a rebuild writes, and starting a render thread for each of
 * some forty builds of six pages took half their time. The render threads are tested through `scripts/build.sh`
 * (incremental-outputs.test.ts) and by the suite's second build of the whole site, compared file by file.
 */
export function project(name: string, seeded = true) {
  const dir = path.join(work, name);
  const content = path.join(dir, 'content');
  const cache = path.join(dir, 'cache');
  let runs = 0;
  let seeding: Promise<void> | undefined;
  const seed = () => (seeding ??= seeded ? seedInto(cache) : Promise.resolve());
  const options = (outDir: string, withCache: boolean) => ({
    projectRoot: root,
    contentDir: content,
    outDir,
    cacheDir: withCache ? cache : (false as const),
    searchPagesPerPart: 2,
    threads: 0,
  });
  return {
    content,
    cache,
    /** A build of this copy: with its cache (a rebuild), or with none (what a fresh clone gets). */
    build: async (withCache: boolean) => {
      const out = path.join(dir, `site-${runs++}`);
      if (withCache) await seed();
      return { ...(await buildSite(options(out, withCache))), out };
    },
    /** A build into one folder, updated in place from one build to the next. */
    inPlace: async (out: string) => {
      await seed();
      return buildSite(options(path.join(dir, out), true));
    },
    edit: (rel: string, change: (text: string) => string) => {
      const file = path.join(content, rel);
      fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
    },
  };
}

/**
 * What of a cache depends on the code and the project alone, not on the content's place: Shiki's compiled
 * regular expressions, the bundle of islands and styles, and the function cards. Made once per test file (a cold
 * build of the fixture, some 5 s) and copied into each project's cache before its first build, as any machine
 * that has built once has them: the tests are about the content, and each would otherwise make them again.
 * Builds without a cache (`build(false)`, what a fresh clone makes) get none of it.
 */
const CODE_KEYED = ['regex', 'assets', 'cards'];
let seedCache: Promise<string> | undefined;
export async function seedInto(cache: string): Promise<void> {
  seedCache ??= (async () => {
    const p = fromFixture('seed', false);
    await p.build(true);
    return p.cache;
  })();
  const from = await seedCache;
  // Marked first, as a build marks a new cache: a folder holding cache files but no mark is refused as a cache.
  markCacheFolder(cache);
  for (const kind of CODE_KEYED)
    if (fs.existsSync(path.join(from, kind)))
      fs.cpSync(path.join(from, kind), path.join(cache, kind), { recursive: true });
}

/** A project with a fresh copy of the fixture content and no cache of its content yet (see `CODE_KEYED`). */
export function fromFixture(name: string, seeded = true) {
  const p = project(name, seeded);
  fs.cpSync(path.join(root, 'tests/fixtures/good'), p.content, { recursive: true });
  fs.cpSync(path.join(root, 'tests/fixtures/good.examples'), `${p.content}.examples`, { recursive: true });
  return p;
}

/** A project whose cache one cold build filled (cache keys hold the content's path, so a copied cache would miss). */
export async function warmed(name: string) {
  const p = fromFixture(name);
  await p.build(true);
  return p;
}

/** Every file under a folder, by relative path. */
export function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out.set(path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name)));
  }
  return out;
}

export function expectSameSite(a: string, b: string): void {
  const fa = files(a);
  const fb = files(b);
  expect([...fb.keys()].sort()).toEqual([...fa.keys()].sort());
  for (const [rel, data] of fa) expect(fb.get(rel)?.equals(data), rel).toBe(true);
  expect(fs.readFileSync(`${a}.serve.json`, 'utf8')).toBe(fs.readFileSync(`${b}.serve.json`, 'utf8'));
}
