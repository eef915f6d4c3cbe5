/**
 * A rebuild after an edit remakes only the site-wide files the edit reaches: `functions.json` is made again when
 * a function's entry changes, and taken from the cache when another page does, and either way the site is the
 * one a build without the cache writes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../../load.ts';
import { expectSameSite, fromFixture, root, warmed, work } from './rebuild-projects.ts';

afterAll(() => {
  if (!process.env.KEEP_WORK) fs.rmSync(work, { recursive: true, force: true });
});

/** The files for tools the cache holds as JSON (`functions.json` with its schema, and the entries' sections). */
const toolJson = (cache: string) =>
  new Set(fs.readdirSync(path.join(cache, 'tools')).filter((name) => name.endsWith('.json')));

const functionsJson = (out: string) =>
  JSON.parse(fs.readFileSync(path.join(out, 'functions.json'), 'utf8')) as {
    functions: { name: string; summary: string | null; url: string | null }[];
  };

describe('functions.json in a rebuild', () => {
  it(
    'is taken from the cache after an edit of a page that documents no function',
    async () => {
      const { build, edit, cache } = await warmed('functions-kept');
      const before = toolJson(cache);
      edit('01-guide/20-second.md', (t) => `${t}\nA sentence added to a guide.\n`);
      const warm = await build(true);
      expect(warm.rendered.bodies).toBe(1);
      expect(toolJson(cache)).toEqual(before);
      expectSameSite(warm.out, (await build(false)).out);
    },
    scaled(120_000),
  );

  it(
    "is made again when a function's entry changes, as a build without the cache makes it",
    async () => {
      const { build, edit, cache } = await warmed('functions-remade');
      const before = toolJson(cache);
      edit('02-reference/10-date-trunc.md', (t) =>
        t.replace('description: Truncates a date or timestamp to a unit.', 'description: Rounds a date down.'),
      );
      const warm = await build(true);
      expect([...toolJson(cache)].filter((name) => !before.has(name))).toHaveLength(1);
      const entry = functionsJson(warm.out).functions.find((f) => f.name === 'date_trunc');
      expect(entry?.url).toMatch(/\/doc\/reference\/date-trunc$/);
      expect(entry?.summary).toBe('Rounds a date down.');
      expectSameSite(warm.out, (await build(false)).out);
    },
    scaled(120_000),
  );

  it(
    "takes an edited entry's summary and examples from its new text, not from its last build",
    async () => {
      const { build, edit } = await warmed('functions-sections');
      const examplesOf = (out: string) =>
        (
          JSON.parse(fs.readFileSync(path.join(out, 'functions.json'), 'utf8')) as {
            functions: { name: string; examples: { sql: string }[] }[];
          }
        ).functions
          .find((f) => f.name === 'date_trunc')
          ?.examples.map((e) => e.sql);
      const before = examplesOf((await build(true)).out);
      expect(before).toHaveLength(4);
      // The last example gone: the rebuilt page's sections are read from the edited Markdown.
      edit('02-reference/10-date-trunc.md', (t) =>
        t.replace(/\n```sql example\nEXPLAIN SELECT number FROM numbers\(3\) WHERE number > 1\n```\n/, '\n'),
      );
      const warm = await build(true);
      expect(warm.rendered.bodies).toBe(1);
      expect(examplesOf(warm.out)).toEqual(before!.slice(0, 3));
      expectSameSite(warm.out, (await build(false)).out);
    },
    scaled(120_000),
  );
});

describe('code blocks in a rebuild', () => {
  it(
    "takes an edited page's unchanged blocks from its last render, highlights a changed one, and writes what a build without the cache writes",
    async () => {
      const { build, edit } = await warmed('code-blocks');
      edit('02-reference/10-date-trunc.md', (t) =>
        t
          .replace('DATE_TRUNC(<unit>, <expr>)', 'DATE_TRUNC(<unit>, <date_or_timestamp>)')
          .replace('## Examples', 'A sentence of prose before the examples.\n\n## Examples'),
      );
      const warm = await build(true);
      expect(warm.rendered.bodies).toBe(1);
      const html = fs.readFileSync(path.join(warm.out, 'doc/reference/date-trunc/index.html'), 'utf8');
      expect(html).toContain('date_or_timestamp');
      expectSameSite(warm.out, (await build(false)).out);
    },
    scaled(120_000),
  );
});

describe('content checks in a rebuild', () => {
  it(
    'checks an edited page and an edited image again: what passed before is refused once it breaks a limit',
    async () => {
      const { build, edit } = await warmed('checks');
      edit('01-guide/20-second.md', (t) => `${t}\n${'>'.repeat(40)} quoted too deep\n`);
      await expect(build(true)).rejects.toThrow(/20-second\.md:\d+: blockquotes nested 40 deep: at most 32/);
      edit('01-guide/20-second.md', (t) => t.replace(/\n>+ quoted too deep\n$/, '\n'));
      edit('01-guide/img/box.svg', (t) => t.replace('<svg ', '<svg onload="alert(1)" '));
      await expect(build(true)).rejects.toThrow(/box\.svg:\d+: .*event handler attribute/);
    },
    scaled(120_000),
  );
});

describe('npm run build', () => {
  it(
    'rebuilds an edited page from its bundle (the first render thread started before the build loads) as a build without the cache does',
    () => {
      const p = fromFixture('through-build-sh');
      const run = (out: string, cache: string[]) => {
        const args = ['scripts/build.sh', '--content', p.content, '--out', out, ...cache, '--stats'];
        const r = spawnSync('sh', args, { cwd: root, encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        return JSON.parse(r.stdout.trim().split('\n').pop()!) as { rendered: { bodies: number; threads: number } };
      };
      const dir = path.join(work, 'through-build-sh');
      const warm = path.join(dir, 'site-warm');
      run(warm, ['--cache', p.cache]);
      p.edit('02-reference/10-date-trunc.md', (t) => t.replace('## Examples', 'One more sentence.\n\n## Examples'));
      expect(run(warm, ['--cache', p.cache]).rendered).toMatchObject({ bodies: 1, threads: 1 });
      const cold = path.join(dir, 'site-cold');
      run(cold, ['--no-cache']);
      expectSameSite(warm, cold);
    },
    scaled(240_000),
  );
});

describe('llms-full.txt in a rebuild', () => {
  it(
    'is kept when nothing changed, written again when its copy is gone, and holds an edit as a build without the cache writes it',
    async () => {
      const p = fromFixture('llms-full');
      const site = path.join(work, 'llms-full', 'site');
      const file = path.join(site, 'llms-full.txt');
      await p.inPlace('site');
      const before = fs.readFileSync(file, 'utf8');
      expect((await p.inPlace('site')).rendered.filesWritten).toBe(0);
      fs.rmSync(file);
      expect((await p.inPlace('site')).rendered.filesWritten).toBe(1);
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
      p.edit('01-guide/20-second.md', (t) => `${t}\nA sentence for the tools' file.\n`);
      await p.inPlace('site');
      expect(fs.readFileSync(file, 'utf8')).toContain("A sentence for the tools' file.");
      expectSameSite(site, (await p.build(false)).out);
    },
    scaled(120_000),
  );
});
