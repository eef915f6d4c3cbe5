/**
 * Nothing outside the output folder is ever touched, whatever the build cache says (it may come from elsewhere),
 * the output is a folder the build may replace, a damaged cache never reaches the site, and an update that fails
 * halfway leaves the site byte for byte as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../../../src/build/cli.ts';
import { BuildCache } from '../../../src/build/cache/build-cache.ts';
import { CACHE_MARKER, checkCacheFolder, markCacheFolder } from '../../../src/build/cache/cache-folder.ts';
import { SITE_MARKER } from '../../../src/build/write/output-folder.ts';
import type { WrittenSite } from '../../../src/build/cache/manifest.ts';
import { PHASE, SiteWriter } from '../../../src/build/write/write-site.ts';
import { scaled } from '../../load.ts';
import { seedInto, work as seedWork } from './rebuild-projects.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-hostile-'));
const content = path.join(work, 'content');
fs.cpSync(path.join(root, 'tests/fixtures/good'), content, { recursive: true });
fs.cpSync(path.join(root, 'tests/fixtures/good.examples'), `${content}.examples`, { recursive: true });
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(seedWork, { recursive: true, force: true });
});

/** Every file under a folder, by relative path. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out.set(path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name)));
  }
  return out;
}

function expectSame(a: Map<string, Buffer>, b: Map<string, Buffer>): void {
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  for (const [rel, data] of a) expect(b.get(rel)?.equals(data), rel).toBe(true);
}

/**
 * A build; a new cache starts with what depends on the code alone (see `seedInto`). Pages are rendered in this
 * thread, as in the rebuild tests (rebuild-projects.ts): these tests are about what the build writes and removes,
 * and a render thread started for each build of six pages cost more than the pages.
 */
const build = async (outDir: string, cacheDir: string | false, contentDir = content) => {
  if (cacheDir && !fs.existsSync(cacheDir)) await seedInto(cacheDir);
  return buildSite({ projectRoot: root, contentDir, outDir, cacheDir, searchPagesPerPart: 2, threads: 0 });
};

function manifestOf(cacheDir: string): { file: string; json: Record<string, unknown> & { site: WrittenSite } } {
  const dir = path.join(cacheDir, 'manifest');
  const file = path.join(dir, fs.readdirSync(dir)[0]!);
  return { file, json: JSON.parse(fs.readFileSync(file, 'utf8')) };
}

describe('a build cache from elsewhere', () => {
  it(
    'cannot make a build remove a file or a folder outside the output',
    async () => {
      const box = path.join(work, 'escape');
      const out = path.join(box, 'site');
      const cache = path.join(box, 'cache');
      fs.mkdirSync(box, { recursive: true });
      await build(out, cache);
      const victim = path.join(box, 'victim.txt');
      fs.writeFileSync(victim, 'keep me');
      const { file, json } = manifestOf(cache);
      json.site.files['../victim.txt'] = { key: 'x', size: 7, mtimeMs: 0 };
      json.site.folders = { ...json.site.folders, '..': 0, '../..': 0 };
      fs.writeFileSync(file, JSON.stringify(json));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        await build(out, cache);
        expect(warn.mock.calls.flat().join('\n')).toMatch(
          /manifest.*is not valid \(site\.files\.\.\.\/victim\.txt: .*\); building without it/,
        );
      } finally {
        warn.mockRestore();
      }
      expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
      expect(fs.existsSync(path.join(out, 'doc/index.html'))).toBe(true);
    },
    scaled(120_000),
  );

  it(
    'heals from a manifest of the wrong shape (files: null) with one build',
    async () => {
      const box = path.join(work, 'null-files');
      const cache = path.join(box, 'cache');
      await build(path.join(box, 'site'), cache);
      const { file, json } = manifestOf(cache);
      (json.site as unknown as { files: null }).files = null;
      fs.writeFileSync(file, JSON.stringify(json));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const healed = await build(path.join(box, 'site'), cache);
        expect(healed.rendered.bodies).toBe(5);
        const next = await build(path.join(box, 'site'), cache);
        expect(next.rendered).toMatchObject({ bodies: 0, pages: 0 });
      } finally {
        warn.mockRestore();
      }
    },
    scaled(120_000),
  );

  it(
    'never publishes an entry whose bytes changed in place (same length)',
    async () => {
      const box = path.join(work, 'flipped');
      const cache = path.join(box, 'cache');
      const out = path.join(box, 'site');
      await build(out, cache);
      const clean = files(out);
      for (const name of fs.readdirSync(path.join(cache, 'segments'))) {
        const seg = path.join(cache, 'segments', name);
        const bytes = fs.readFileSync(seg);
        // Every "<p>" becomes "<b>": the same length, a different page.
        fs.writeFileSync(seg, Buffer.from(bytes.toString('latin1').replaceAll('<p>', '<b>'), 'latin1'));
      }
      fs.rmSync(out, { recursive: true });
      const rebuilt = await build(out, cache);
      // The bodies that held a paragraph are rendered again.
      expect(rebuilt.rendered.bodies).toBeGreaterThan(2);
      expectSame(clean, files(out));
    },
    scaled(120_000),
  );
});

describe('the cache folder', () => {
  it('refuses the project, its source, the content and the output as the cache', () => {
    // A project laid out in a temporary folder: were the guard gone, nothing real could be pruned.
    const project = path.join(work, 'guarded-project');
    const where = {
      projectRoot: project,
      contentRoot: path.join(project, 'content/doc'),
      outDir: path.join(work, 'gs'),
    };
    for (const [cacheDir, why] of [
      [project, /is the project folder or holds it/],
      [work, /is the project folder or holds it/],
      [path.join(project, 'src', 'cache'), /inside the project's src folder/],
      [path.join(project, 'content'), /content folder, is inside it, or holds it/],
      [path.join(project, 'tests', 'cache'), /inside the project's tests folder/],
      [path.join(project, 'content/doc/cache'), /content folder, is inside it/],
      [where.outDir, /output folder/],
      [path.join(where.outDir, 'cache'), /output folder/],
    ] as const)
      expect(() => checkCacheFolder(cacheDir, where), cacheDir).toThrow(why);
    expect(() => checkCacheFolder(path.join(project, '.cache/build'), where)).not.toThrow();
  });

  it(
    'refuses a folder holding files that are not a cache, and prunes none of them',
    async () => {
      const stranger = path.join(work, 'cache-stranger');
      fs.mkdirSync(path.join(stranger, 'notes'), { recursive: true });
      // Older than a day: what the cache's upkeep removes from its own folder when a build did not use it.
      const old = new Date(Date.now() - 3 * 24 * 3600_000);
      for (const f of ['notes/keep.txt', 'top.txt']) {
        fs.writeFileSync(path.join(stranger, f), 'mine');
        fs.utimesSync(path.join(stranger, f), old, old);
      }
      // Not through `build`, which would seed a new cache folder before the build sees it.
      const refused = buildSite({
        projectRoot: root,
        contentDir: content,
        outDir: path.join(work, 'cache-site'),
        cacheDir: stranger,
        threads: 0,
      });
      await expect(refused).rejects.toThrow(
        /refusing to use .*cache-stranger as the build cache: it holds files that are not a build cache \(no \.databend-docs-cache in it\)/,
      );
      for (const f of ['notes/keep.txt', 'top.txt'])
        expect(fs.readFileSync(path.join(stranger, f), 'utf8')).toBe('mine');
    },
    scaled(60_000),
  );

  it('marks a new cache folder, and its upkeep never prunes a folder without the mark', () => {
    const dir = path.join(work, 'unmarked');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'old.txt'), 'mine');
    const old = new Date(Date.now() - 3 * 24 * 3600_000);
    fs.utimesSync(path.join(dir, 'old.txt'), old, old);
    new BuildCache(dir).maintain();
    expect(fs.readFileSync(path.join(dir, 'old.txt'), 'utf8')).toBe('mine');
    const fresh = path.join(work, 'fresh-cache', 'build');
    markCacheFolder(fresh);
    expect(fs.readdirSync(fresh)).toEqual([CACHE_MARKER]);
    fs.writeFileSync(path.join(fresh, 'stale.json'), '{}');
    fs.utimesSync(path.join(fresh, 'stale.json'), old, old);
    new BuildCache(fresh).maintain();
    expect(fs.existsSync(path.join(fresh, 'stale.json'))).toBe(false);
  });
});

describe('the output folder', () => {
  it('refuses the project, a folder that holds it, the content, and a folder the build did not write', async () => {
    const stranger = path.join(work, 'stranger');
    fs.mkdirSync(stranger);
    fs.writeFileSync(path.join(stranger, 'notes.txt'), 'mine');
    for (const [outDir, why] of [
      [root, /is the project folder or holds it/],
      [path.dirname(root), /is the project folder or holds it/],
      [path.join(content, 'site'), /content folder/],
      [stranger, /holds files that are not a site this build wrote \(no \.databend-docs-site in it\)/],
    ] as const) {
      await expect(build(outDir, false), outDir).rejects.toThrow(why);
    }
    expect(fs.readFileSync(path.join(stranger, 'notes.txt'), 'utf8')).toBe('mine');
    expect(fs.existsSync(path.join(root, 'package.json'))).toBe(true);
  });

  it(
    'replaces a site it wrote, which carries its marker, even without the cache that wrote it',
    async () => {
      const out = path.join(work, 'marked');
      await build(out, false);
      expect(fs.existsSync(path.join(out, SITE_MARKER))).toBe(true);
      await build(out, false);
      expect(fs.existsSync(path.join(out, 'doc/index.html'))).toBe(true);
    },
    scaled(120_000),
  );
});

describe('an update that fails halfway', () => {
  /** A small site written by the writer itself, then an update that changes, adds and removes files. */
  async function siteAndUpdate(failAt: number) {
    const out = fs.mkdtempSync(path.join(work, 'update-'));
    fs.rmSync(out, { recursive: true });
    const first = new SiteWriter(out, undefined, ['doc/a', 'doc/b']);
    for (const [rel, text] of [
      ['doc/a/index.html', 'A1'],
      ['doc/b/index.html', 'B1'],
      ['gone.txt', 'G'],
      ['assets/x.css', 'X1'],
    ])
      first.place(rel!, text!, () => text!);
    const { site } = await first.commit();
    fs.writeFileSync(path.join(out, 'doc/b/hand-made.txt'), 'stray');
    const before = files(out);
    let renames = 0;
    const ops = {
      rename(from: string, to: string) {
        if (++renames === failAt) throw new Error(`rename ${renames} failed`);
        fs.renameSync(from, to);
      },
    };
    const update = new SiteWriter(out, site, ['doc/a', 'doc/c'], ops);
    update.place('doc/a/index.html', 'A2', () => 'A2');
    update.place('doc/c/index.html', 'C2', () => 'C2');
    update.place('assets/x.css', 'X2', () => 'X2', PHASE.linked);
    update.place('doc/b/index.html', 'B1', () => 'B1');
    return { out, before, update, renames: () => renames };
  }

  it('leaves the site byte for byte as it was, whichever step fails', async () => {
    // Count the steps of an update that succeeds, then fail each one in turn.
    const ok = await siteAndUpdate(0);
    await ok.update.commit();
    const steps = ok.renames();
    expect(steps).toBeGreaterThan(5);
    expect(files(ok.out).get('doc/c/index.html')?.toString()).toBe('C2');
    expect(files(ok.out).has('gone.txt')).toBe(false);
    expect(files(ok.out).has('doc/b/hand-made.txt')).toBe(false);
    for (let failAt = 1; failAt <= steps; failAt++) {
      const { out, before, update } = await siteAndUpdate(failAt);
      await expect(update.commit()).rejects.toThrow(`rename ${failAt} failed`);
      await update.abandon();
      expectSame(before, files(out));
    }
  });
});
