/**
 * The build cache: a rebuild renders only what changed, and its site is the one a build without a cache makes,
 * byte for byte (every file of the output compared). The updates of a site in place are in
 * incremental-in-place.test.ts (a file of their own, so the two run side by side).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../../load.ts';
import { expectSameSite, fromFixture, warmed, work } from './rebuild-projects.ts';

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
    'renders only an edited page, indexes only its part of the search index, and writes what a build without a cache writes',
    async () => {
      const { build, edit } = await warmed('edited');
      edit('01-guide/20-second.md', (t) => `${t}\nA sentence added to the second page.\n`);
      const warm = await build(true);
      // Its part was fed from the last build's plan before the content was read (search/early-feed.ts).
      expect(warm.rendered).toMatchObject({ bodies: 1, pages: 1, searchParts: 1, earlySearchParts: 1 });
      expectSameSite(warm.out, (await build(false)).out);
    },
    scaled(120_000),
  );

  it(
    'drops the early search part when a new page moves the parts, and ignores a damaged or hostile feed plan',
    async () => {
      const { build, edit, content, cache } = await warmed('early-feed');
      // The edited page's part, as the last build had it, no longer exists: a page now comes before it.
      edit('01-guide/20-second.md', (t) => `${t}\nOne more sentence.\n`);
      fs.writeFileSync(
        path.join(content, '01-guide/15-between.md'),
        '---\ntitle: Between\ndescription: A page between the first and the second.\n---\n\nA page between.\n',
      );
      const moved = await build(true);
      expect(moved.rendered).toMatchObject({ earlySearchParts: 0 });
      expectSameSite(moved.out, (await build(false)).out);
      // Same places, but the edited page has a new address: Pagefind would keep the old one.
      edit('01-guide/20-second.md', (t) => t.replace(/^title: /m, 'slug: /guide/second-steps\ntitle: '));
      const readdressed = await build(true);
      expect(readdressed.rendered).toMatchObject({ earlySearchParts: 0 });
      expectSameSite(readdressed.out, (await build(false)).out);

      const plan = fs.readdirSync(path.join(cache, 'search')).find((f) => /^feed-.*\.json$/.test(f))!;
      for (const bad of [
        '{"not": "a plan"',
        JSON.stringify([{ dir: '../../x/', from: 0, pages: [['../../../etc/passwd', 'ab', 'x.md', 1, 1]] }]),
      ]) {
        fs.writeFileSync(path.join(cache, 'search', plan), bad);
        edit('01-guide/20-second.md', (t) => `${t}\nAnd another.\n`);
        const warm = await build(true);
        expect(warm.rendered).toMatchObject({ searchParts: 1, earlySearchParts: 0 });
        expectSameSite(warm.out, (await build(false)).out);
      }
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
