/**
 * The build cache, continued: a site updated in place keeps only what it wrote, removes what it no longer has,
 * and stays as it was when a build fails; damaged entries and changed frontmatter are made again. Every site
 * compared byte for byte with a build without a cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../../load.ts';
import { expectSameSite, files, fromFixture, warmed, work } from './rebuild-projects.ts';

afterAll(() => {
  if (!process.env.KEEP_WORK) fs.rmSync(work, { recursive: true, force: true });
});

describe('a site updated in place with the cache', () => {
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
