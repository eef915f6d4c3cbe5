/**
 * The build cache: a rebuild renders only what changed, and its site is the one a build without a cache makes,
 * byte for byte (every file of the output compared). The updates of a site in place are in
 * incremental-in-place.test.ts (a file of their own, so the two run side by side).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../../load.ts';
import { gunzipSync } from 'node:zlib';
import { decodeChunk, decodeMeta } from '../../../src/islands/pagefind-format.ts';
import { expectSameSite, fromFixture, warmed, work } from './rebuild-projects.ts';

/** The URLs of the pages on which the built site's search index finds a word, in every part. */
function pagesWith(out: string, word: string): string[] {
  const urls: string[] = [];
  const index = path.join(out, 'pagefind');
  for (const dir of [
    index,
    ...fs
      .readdirSync(index)
      .filter((d) => d.startsWith('part-'))
      .map((d) => path.join(index, d)),
  ]) {
    const unpack = (name: string) => gunzipSync(fs.readFileSync(path.join(dir, name))).subarray('pagefind_dcd'.length);
    const metaName = fs.readdirSync(dir).find((f) => f.endsWith('.pf_meta'))!;
    const meta = decodeMeta(unpack(metaName), metaName);
    for (const chunk of meta.chunks) {
      const found = decodeChunk(unpack(`index/${chunk.hash}.pf_index`), chunk.hash).get(word);
      for (const p of found?.pages ?? []) {
        const fragment = unpack(`fragment/${meta.pages[p.page]!.hash}.pf_fragment`).toString('utf8');
        urls.push((JSON.parse(fragment) as { url: string }).url);
      }
    }
  }
  return urls.sort();
}

afterAll(() => {
  if (!process.env.KEEP_WORK) fs.rmSync(work, { recursive: true, force: true });
});

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
    'renders only an edited page, indexes only that page, writes its part again, and writes what a build without a cache writes',
    async () => {
      const { build, edit } = await warmed('edited');
      edit('01-guide/20-second.md', (t) => `${t}\nA sentence added to the second page.\n`);
      const warm = await build(true);
      // The other pages of its part come from their entries in the cache (search/index-store.ts).
      expect(warm.rendered).toMatchObject({ bodies: 1, pages: 1, searchParts: 1, searchPages: 1 });
      expectSameSite(warm.out, (await build(false)).out);
    },
    scaled(120_000),
  );

  it(
    "finds an edited page's new words and no longer its old ones, and none of them once the edit is undone",
    async () => {
      const { build, edit, content } = await warmed('edited-words');
      const page = '01-guide/20-second.md';
      const original = fs.readFileSync(path.join(content, page), 'utf8');
      edit(page, (t) => `${t}\nQuokkas gather near the second page.\n`);
      const first = await build(true);
      expect(pagesWith(first.out, 'quokka')).toEqual(['/doc/guide/second/']);
      edit(page, (t) => t.replace('Quokkas', 'Wombats'));
      const second = await build(true);
      expect(second.rendered).toMatchObject({ searchParts: 1, searchPages: 1 });
      expect(pagesWith(second.out, 'wombat')).toEqual(['/doc/guide/second/']);
      expect(pagesWith(second.out, 'quokka')).toEqual([]);
      expectSameSite(second.out, (await build(false)).out);
      // Back to the page of the warm build: the same site as a build without a cache.
      edit(page, () => original);
      const undone = await build(true);
      expect(pagesWith(undone.out, 'wombat')).toEqual([]);
      expectSameSite(undone.out, (await build(false)).out);
    },
    scaled(180_000),
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
});
