/**
 * The load stage: every page in catalogue order with its view, and a body key that follows what the body is made
 * from (its Markdown, its recorded results, the cards its title names), so a rebuild renders exactly what changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBuild, openBuild } from '../../../src/build/build-context.ts';
import { load, type LoadedSite } from '../../../src/build/load/load-stage.ts';
import { titleCardsOf } from '../../../src/build/load/page-states.ts';
import type { FunctionCard } from '../../../src/examples/signatures/cards.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-load-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const content = path.join(work, 'doc');
fs.cpSync(path.join(root, 'tests/fixtures/good'), content, { recursive: true });
fs.cpSync(path.join(root, 'tests/fixtures/good.examples'), `${content}.examples`, { recursive: true });

async function loaded(): Promise<LoadedSite> {
  const ctx = openBuild({
    projectRoot: root,
    contentDir: content,
    outDir: path.join(work, 'site'),
    cacheDir: path.join(work, 'cache'),
  });
  try {
    return await load(ctx);
  } finally {
    closeBuild(ctx);
  }
}
const keys = (site: LoadedSite) => new Map(site.states.map((s) => [s.view.route, s.bodyKey]));
const edit = (rel: string, change: (text: string) => string) =>
  fs.writeFileSync(path.join(work, rel), change(fs.readFileSync(path.join(work, rel), 'utf8')));

describe('the load stage', () => {
  it('gives every page of the catalogue in order, a body key for each written page and none for an index', async () => {
    const site = await loaded();
    expect(site.states.map((s) => s.view.route)).toEqual(site.catalogue.pages.map((p) => p.route));
    for (const s of site.states) expect(s.bodyKey !== undefined, s.view.route).toBe(s.page.kind === 'doc');
    expect(site.pageKeys).toHaveLength(site.states.length);
  });

  it("changes a body's key when its prose or its recorded results change, and no other page's", async () => {
    const before = keys(await loaded());
    edit('doc/01-guide/10-first.md', (t) => `${t}\nA sentence more.\n`);
    const prose = keys(await loaded());
    // Recorded again with the same answers, written another way: the body is rendered from them again.
    edit('doc.examples/02-reference/10-date-trunc.json', (t) => JSON.stringify(JSON.parse(t), null, 1));
    const results = keys(await loaded());
    const changed = (a: Map<string, string | undefined>, b: Map<string, string | undefined>) =>
      [...a].filter(([route, key]) => b.get(route) !== key).map(([route]) => route);
    expect(changed(before, prose)).toEqual(['/doc/guide/first']);
    expect(changed(prose, results)).toEqual(['/doc/reference/date-trunc']);
  });
});

describe("a title's part in the body key", () => {
  const cards = new Map([
    ['datetrunc', {} as FunctionCard],
    ['trunc', {} as FunctionCard],
  ]);
  it('is the cards of the functions the title names, whatever their case, underscores or separators', () => {
    expect(titleCardsOf('DATE_TRUNC / Trunc', cards)).toBe('datetrunc,trunc');
    expect(titleCardsOf('Date functions, an overview', cards)).toBe('');
  });
});
