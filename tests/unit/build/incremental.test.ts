/**
 * The build cache: a rebuild renders only what changed, and its site is the one a build without a cache makes,
 * byte for byte (every file of the output compared).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/build/cli.ts';
import { scaled } from '../../load.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-incremental-'));
afterAll(() => {
  if (!process.env.KEEP_WORK) fs.rmSync(work, { recursive: true, force: true });
});

/**
 * A project of its own for each test: its copy of the fixture content and its own cache, so no test sees
 * another's edits or cache entries, and none touches the project's content/ or .cache/. Two pages per part of
 * the search index, so the fixture's six pages make three parts.
 */
function project(name: string) {
  const dir = path.join(work, name);
  const content = path.join(dir, 'content');
  const cache = path.join(dir, 'cache');
  let runs = 0;
  const options = (outDir: string, withCache: boolean) => ({
    projectRoot: root,
    contentDir: content,
    outDir,
    cacheDir: withCache ? cache : (false as const),
    searchPagesPerPart: 2,
  });
  return {
    content,
    cache,
    /** A build of this copy: with its cache (a rebuild), or with none (what a fresh clone gets). */
    build: async (withCache: boolean) => {
      const out = path.join(dir, `site-${runs++}`);
      return { ...(await buildSite(options(out, withCache))), out };
    },
    /** A build into one folder, updated in place from one build to the next. */
    inPlace: (out: string) => buildSite(options(path.join(dir, out), true)),
    edit: (rel: string, change: (text: string) => string) => {
      const file = path.join(content, rel);
      fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
    },
  };
}

/** A project with a fresh copy of the fixture content and no cache yet. */
function fromFixture(name: string) {
  const p = project(name);
  fs.cpSync(path.join(root, 'tests/fixtures/good'), p.content, { recursive: true });
  fs.cpSync(path.join(root, 'tests/fixtures/good.examples'), `${p.content}.examples`, { recursive: true });
  return p;
}

/** A project whose cache one cold build filled (cache keys hold the content's path, so a copied cache would miss). */
async function warmed(name: string) {
  const p = fromFixture(name);
  await p.build(true);
  return p;
}

/** Every file under a folder, by relative path. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out.set(path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name)));
  }
  return out;
}

function expectSameSite(a: string, b: string): void {
  const fa = files(a);
  const fb = files(b);
  expect([...fb.keys()].sort()).toEqual([...fa.keys()].sort());
  for (const [rel, data] of fa) expect(fb.get(rel)?.equals(data), rel).toBe(true);
  expect(fs.readFileSync(`${a}.serve.json`, 'utf8')).toBe(fs.readFileSync(`${b}.serve.json`, 'utf8'));
}

describe('a rebuild with the cache', () => {
  it(
    'renders nothing when nothing changed, and writes the same site',
    async () => {
      const { build } = fromFixture('unchanged');
      const cold = await build(true);
      expect(cold.rendered).toMatchObject({ bodies: 5, searchParts: 3, allSearchParts: 3 });
      const warm = await build(true);
      expect(warm.rendered).toMatchObject({ bodies: 0, pages: 0, searchParts: 0 });
      expectSameSite(cold.out, warm.out);
    },
    scaled(120_000),
  );

  it(
    'renders only an edited page, indexes only its part of the search index, and writes what a build without a cache writes',
    async () => {
      const { build, edit } = await warmed('edited');
      edit('01-guide/20-second.md', (t) => `${t}\nA sentence added to the second page.\n`);
      const warm = await build(true);
      expect(warm.rendered).toMatchObject({ bodies: 1, pages: 1, searchParts: 1 });
      expectSameSite(warm.out, (await build(false)).out);
    },
    scaled(120_000),
  );

  it(
    'follows a new title into the sidebar, the neighbours and the section page',
    async () => {
      const { build, edit } = await warmed('retitled');
      edit('01-guide/10-first.md', (t) => t.replace(/^title: .*$/m, 'title: First Steps Renamed'));
      const warm = await build(true);
      // The body is the same (the title is in the frontmatter); the page, its neighbours and its section, which
      // list it by title, are made again around their cached bodies.
      expect(warm.rendered.bodies).toBe(0);
      expect(warm.rendered.pages).toBeGreaterThan(2);
      expectSameSite(warm.out, (await build(false)).out);
      expect(fs.readFileSync(path.join(warm.out, 'doc/guide/second/index.html'), 'utf8')).toContain(
        'First Steps Renamed',
      );
    },
    scaled(120_000),
  );

  it(
    'renders again a cached page whose link now leads elsewhere: the page it links to moved',
    async () => {
      const { build, edit } = await warmed('moved');
      edit('01-guide/10-first.md', (t) =>
        t.replace('sidebar_label: First', 'sidebar_label: First\nslug: /guide/first-steps'),
      );
      const warm = await build(true);
      // The moved page (its frontmatter grew a line, and the body keeps the file's line numbers) and the two pages
      // that link to it, whose cached bodies hold its old route.
      expect(warm.rendered.bodies).toBe(3);
      expectSameSite(warm.out, (await build(false)).out);
      expect(fs.readFileSync(path.join(warm.out, 'doc/guide/second/index.html'), 'utf8')).toContain(
        'href="/doc/guide/first-steps"',
      );
    },
    scaled(120_000),
  );

  it(
    "checks a cached page's links again: a heading it links to is renamed",
    async () => {
      const { build, edit } = await warmed('renamed-heading');
      edit('01-guide/10-first.md', (t) => t.replace('## Step One', '## Step 1'));
      const warm = build(true);
      await expect(warm).rejects.toThrow(
        /index\.md:7:\d+: link "01-guide\/10-first\.md#step-one": the page \/doc\/guide\/first has no heading with id "step-one"/,
      );
      await expect(build(false)).rejects.toThrow(/index\.md:7:\d+: link "01-guide\/10-first\.md#step-one"/);
      edit('index.md', (t) => t.replace('#step-one', '#step-1'));
      const warm2 = await build(true);
      expectSameSite(warm2.out, (await build(false)).out);
    },
    scaled(120_000),
  );

  it(
    'keeps the files of the site it updates only while they are as it wrote them',
    async () => {
      const copy = fromFixture('kept-files');
      const { build } = copy;
      const out = path.join(work, 'kept-files', 'site-in-place');
      const inPlace = () => copy.inPlace('site-in-place');
      await inPlace();
      const page = path.join(out, 'doc/guide/second/index.html');
      const inode = fs.statSync(page).ino;
      await inPlace();
      // Unchanged: the same file, linked into the new site.
      expect(fs.statSync(page).ino).toBe(inode);
      fs.appendFileSync(page, '<!-- edited by hand -->');
      await inPlace();
      expect(fs.readFileSync(page, 'utf8')).not.toContain('edited by hand');
      expectSameSite(out, (await build(false)).out);
    },
    scaled(120_000),
  );

  it(
    'updates the site it wrote in place: writes only what changed, and removes what the site no longer has or never had',
    async () => {
      const copy = fromFixture('update');
      const { build, content } = copy;
      const out = path.join(work, 'update', 'site-update');
      const update = () => copy.inPlace('site-update');
      const first = await update();
      expect(first.rendered.inPlace).toBe(false);
      const again = await update();
      expect(again.rendered).toMatchObject({ inPlace: true, filesWritten: 0 });
      // By hand: a file in a page's folder, a folder of files, and a killed update's half-written file.
      fs.writeFileSync(path.join(out, 'doc/guide/first/notes.txt'), 'mine');
      fs.mkdirSync(path.join(out, 'doc/stray/deep'), { recursive: true });
      fs.writeFileSync(path.join(out, 'doc/stray/deep/index.html'), '<p>stray</p>');
      fs.writeFileSync(path.join(out, 'doc/guide/.index.html.tmp-999999'), '<p>half');
      // And a page removed from the content.
      const second = path.join(content, '01-guide/20-second.md');
      const text = fs.readFileSync(second, 'utf8');
      fs.rmSync(second);
      try {
        const updated = await update();
        expect(updated.rendered.inPlace).toBe(true);
        expect(fs.existsSync(path.join(out, 'doc/guide/second'))).toBe(false);
        expect(fs.existsSync(path.join(out, 'doc/stray'))).toBe(false);
        expectSameSite(out, (await build(false)).out);
      } finally {
        fs.writeFileSync(second, text);
      }
      const back = await update();
      expect(back.rendered.filesWritten).toBeGreaterThan(0);
      expectSameSite(out, (await build(false)).out);
      // A build that fails leaves the site as it was, with nothing of its own in it.
      const before = files(out);
      const firstPage = path.join(content, '01-guide/10-first.md');
      const firstText = fs.readFileSync(firstPage, 'utf8');
      fs.writeFileSync(firstPage, `${firstText}\nA [broken link](./no-such-page.md).\n`);
      try {
        // The page's own error, though another page links to one of its headings (which a page that failed lacks).
        await expect(update()).rejects.toThrow(/10-first\.md:\d+:\d+: link "\.\/no-such-page\.md": there is no page/);
        await expect(build(false)).rejects.toThrow(
          /10-first\.md:\d+:\d+: link "\.\/no-such-page\.md": there is no page/,
        );
      } finally {
        fs.writeFileSync(firstPage, firstText);
      }
      const after = files(out);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [rel, data] of before) expect(after.get(rel)?.equals(data), rel).toBe(true);
    },
    scaled(120_000),
  );

  it(
    'makes a damaged cache entry again (a page, a body, the search index), and writes the same site',
    async () => {
      const { build, cache } = await warmed('damaged');
      // Cut every entry short, as a full disk or a killed copy would.
      for (const kind of ['segments', 'search']) {
        for (const name of fs.readdirSync(path.join(cache, kind))) {
          const file = path.join(cache, kind, name);
          fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 40));
        }
      }
      const repaired = await build(true);
      expect(repaired.rendered).toMatchObject({ bodies: 5, searchParts: 3 });
      expectSameSite(repaired.out, (await build(false)).out);
      const again = await build(true);
      expect(again.rendered).toMatchObject({ bodies: 0, pages: 0, searchParts: 0 });
    },
    scaled(120_000),
  );

  it(
    'reads frontmatter again when it changed: a rebuild refuses a page made invalid, then builds it once fixed',
    async () => {
      const { build, content, edit } = await warmed('frontmatter');
      const page = '01-guide/20-second.md';
      const before = fs.readFileSync(path.join(content, page), 'utf8');
      edit(page, (t) => t.replace(/^description: .*\n/m, ''));
      await expect(build(true)).rejects.toThrow(/description/);
      fs.writeFileSync(path.join(content, page), before);
      const fixed = await build(true);
      expectSameSite(fixed.out, (await build(false)).out);
    },
    scaled(120_000),
  );
});
