/**
 * The pure parts of the later stages: the search index's parts in the cache (a part's key follows its own pages
 * only, a stored part comes back whole, a damaged one is refused), the assets filled into a kept page, the pages
 * the write stage makes without content, and the summary line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fillAssetUrls, finishAssets } from '../../../src/build/assets/site-assets.ts';
import { StageClock } from '../../../src/build/build-context.ts';
import { BuildCache } from '../../../src/build/cache/build-cache.ts';
import {
  ASSET_PLACEHOLDERS,
  readBlocks,
  readBody,
  SIDEBAR_PLACEHOLDER,
  writeBody,
  type BodyMeta,
} from '../../../src/build/page-keys.ts';
import type { PageState } from '../../../src/build/page-state.ts';
import { cachedPart, partKeyOf, storePart } from '../../../src/build/search/index-store.ts';
import { fragmentId, type PageEntry } from '../../../src/build/search/page-entries.ts';
import { CborWriter } from '../../../src/build/search/pagefind-cbor.ts';
import { planParts } from '../../../src/build/search/search-parts.ts';
import { summaryLine } from '../../../src/build/summary.ts';
import { settingsFiles } from '../../../src/build/write/tool-files.ts';
import { rootRedirectHtml, standaloneViews } from '../../../src/build/write/write-stage.ts';
import type { KeptBlock } from '../../../src/markdown/block-memo.ts';
import { ENGINE_SETTINGS_FILE, SETTINGS_NOTES_FILE } from '../../../src/reference/settings-data.ts';
import type { Catalogue } from '../../../src/catalogue/types.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-stages-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const state = (route: string, pageKey: string, styles: string[] = []): PageState =>
  ({
    page: { kind: 'doc', route, cards: [] },
    view: { kind: 'doc', route, title: route, description: `About ${route}`, section: 'Guide', keywords: [] },
    pageKey,
    meta: { styles },
    errors: [],
  }) as unknown as PageState;

describe('the search index in the cache', () => {
  const states = ['/doc/a', '/doc/b', '/doc/c', '/doc/d'].map((r) => state(r, `key-${r}`));
  const [first, second] = planParts(states.length, 2);

  it('keys a part by its own pages: an edit elsewhere leaves it, an edit inside it changes it', () => {
    const before = partKeyOf('code', first!, states);
    const elsewhere = states.map((s, i) => (i === 3 ? { ...s, pageKey: 'edited' } : s));
    const inside = states.map((s, i) => (i === 1 ? { ...s, pageKey: 'edited' } : s));
    expect(partKeyOf('code', first!, elsewhere)).toBe(before);
    expect(partKeyOf('code', first!, inside)).not.toBe(before);
    expect(partKeyOf('other code', first!, states)).not.toBe(before);
  });

  it('gives back a stored part with its records, and refuses a damaged pack', async () => {
    const cache = new BuildCache(path.join(work, 'cache'));
    const entries = ['c', 'd'].map((p): PageEntry => {
      const json = JSON.stringify({ url: `/doc/${p}/`, meta: { title: p.toUpperCase() }, anchors: [] });
      return {
        id: fragmentId(Buffer.from(json)),
        url: `/doc/${p}/`,
        wordCount: 1,
        fields: ['title'],
        fragment: gzipSync(`pagefind_dcd${json}`),
        words: [[p, { locs: new CborWriter().array(2).int(-25).int(0).bytes(), count: 2, meta: [['title', 0]] }, []]],
      };
    });
    const key = partKeyOf('code', second!, states);
    const made = await storePart(cache, key, second!, entries, states);
    expect(Object.values(made.records).map((r) => r[0])).toEqual(['/doc/c', '/doc/d']);
    const back = cachedPart(cache, key, second!);
    expect(back?.records).toEqual(made.records);
    expect([...(back?.files.keys() ?? [])].sort()).toEqual([...made.files.keys()].sort());
    expect(cachedPart(cache, partKeyOf('code', first!, states), first!)).toBeUndefined();
    const pack = cache.file('search', key, '.pack');
    fs.writeFileSync(pack, fs.readFileSync(pack).subarray(0, 30));
    expect(cachedPart(cache, key, second!)).toBeUndefined();
  });
});

describe('assets filled into a kept page', () => {
  const catalogue = { sidebar: [] } as unknown as Catalogue;
  const bundle = { entry: 'main-1.js', jsFiles: ['main-1.js'], css: 'body{}' };
  const page =
    `<link rel="stylesheet" href="${ASSET_PLACEHOLDERS.stylesheet}"><script src="${ASSET_PLACEHOLDERS.script}">` +
    `</script><div data-sidebar="${ASSET_PLACEHOLDERS.sidebarData}"></div>${SIDEBAR_PLACEHOLDER}`;

  it('replaces every placeholder by its asset URL', () => {
    const html = fillAssetUrls(page, { stylesheet: '/s.css', script: '/m.js', sidebarData: '/side.json' });
    expect(html).toContain('href="/s.css"');
    expect(html).toContain('src="/m.js"');
    expect(html).toContain('data-sidebar="/side.json"');
    expect(html).not.toContain('@@');
  });

  it("names the stylesheet by every page's token classes, and a page's file changes with it", () => {
    const plain = finishAssets({ bundle, dir: work }, catalogue, [state('/doc/a', 'k')]);
    const tokens = finishAssets({ bundle, dir: work }, catalogue, [state('/doc/a', 'k', ['.t1{color:red}'])]);
    expect(tokens.stylesheet.text).toContain('.t1{color:red}');
    expect(tokens.stylesheet.name).not.toBe(plain.stylesheet.name);
    expect(tokens.fillKey).not.toBe(plain.fillKey);
    expect(tokens.fill(page, '/doc/a')).toContain(`href="/assets/build/${tokens.stylesheet.name}"`);
  });
});

describe('pages the write stage makes without content', () => {
  it('lists every documented name on the search page; the 404 page lists none', () => {
    const names = [['DATE_TRUNC', 'function', '/doc/date-trunc', 'Dates', 'Truncates.']] as never;
    const views = standaloneViews(names);
    expect(views.search).toMatchObject({ kind: 'search', route: '/doc/search', names });
    expect(views.notFound).toMatchObject({ kind: 'not-found', route: '/404.html' });
    expect('names' in views.notFound).toBe(false);
  });

  it('leads / to /doc/, with a link for a reader whose browser does not follow the refresh', () => {
    const html = rootRedirectHtml();
    expect(html).toContain('content="0; url=/doc/"');
    expect(html).toContain('<a href="/doc/">');
  });
});

describe('the summary', () => {
  it('names the pages, where they went, the time and both coverages', () => {
    const line = summaryLine({
      pages: 10,
      docs: 8,
      ms: 1234,
      outDir: '/p/site',
      projectRoot: '/p',
      coverage: { writtenPages: 8, cataloguePages: 16, generatedIndexes: 2, catalogueIndexes: 2 },
      engine: 'functions 3/4',
    });
    expect(line).toBe(
      'built 10 pages (8 written, 2 generated) into site in 1.23 s; catalogue coverage: 8/16 pages written ' +
        '(50.0%), 2/2 generated indexes; engine coverage: functions 3/4 documented',
    );
  });

  it('charges each stage the time since the one before', () => {
    const clock = new StageClock();
    clock.stage('a');
    clock.stage('b');
    clock.stage('a');
    expect(Object.keys(clock.stages)).toEqual(['a', 'b']);
    expect(clock.stages.a).toBeGreaterThanOrEqual(0);
  });
});

describe('/settings.json in the cache', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const project = path.join(work, 'settings-project');
  const notes = path.join(project, SETTINGS_NOTES_FILE);
  for (const rel of [ENGINE_SETTINGS_FILE, SETTINGS_NOTES_FILE])
    fs.cpSync(path.join(root, rel), path.join(project, rel), { recursive: true });
  const cache = new BuildCache(path.join(work, 'settings-cache'));
  const summaryOf = (files: [string, string][], name: string) =>
    (
      JSON.parse(files.find(([rel]) => rel === 'settings.json')![1]) as {
        settings: { name: string; summary: string }[];
      }
    ).settings.find((s) => s.name === name)?.summary;

  it('follows an edit of the notes, and gives what a build without the cache makes', () => {
    const first = settingsFiles(cache, 'code', project);
    expect(settingsFiles(cache, 'code', project)).toEqual(first);
    expect(summaryOf(first, 'timezone')).toMatch(/^The time zone in which the session shows/);
    fs.writeFileSync(notes, fs.readFileSync(notes, 'utf8').replace('The time zone in which', 'The zone in which'));
    const edited = settingsFiles(cache, 'code', project);
    expect(summaryOf(edited, 'timezone')).toMatch(/^The zone in which the session shows/);
    const fresh = new BuildCache(path.join(work, 'settings-cache-fresh'));
    expect(settingsFiles(fresh, 'code', project)).toEqual(edited);
  });
});

describe('code blocks kept with a body', () => {
  it('come back to the code that made them, and to no other (a changed highlighter tokenizes again)', () => {
    const cache = new BuildCache(path.join(work, 'blocks-cache'));
    const blocks: Record<string, KeptBlock> = {
      'sql\0SELECT 1': {
        runs: [
          ['k5', 'SELECT'],
          ['', ' 1'],
        ],
        css: { k5: 'x' },
      },
    };
    const meta = { anchors: [], toc: [], queries: [], styles: [], assets: [] } as unknown as BodyMeta;
    writeBody(cache, 'body-key', meta, '<p>body</p>', { code: 'code-a', blocks });
    expect(readBlocks(cache, 'body-key', 'code-a')).toEqual(blocks);
    expect(readBlocks(cache, 'body-key', 'code-b')).toBeUndefined();
    expect(readBlocks(cache, 'other-key', 'code-a')).toBeUndefined();
    expect(readBody(cache, 'body-key')?.html).toBe('<p>body</p>');
  });

  it('are refused when a class would put more than its declarations into the stylesheet', () => {
    const cache = new BuildCache(path.join(work, 'blocks-hostile'));
    const meta = { anchors: [], toc: [], queries: [], styles: [], assets: [] } as unknown as BodyMeta;
    const hostile = (cls: string, css: string): Record<string, KeptBlock> => ({
      'sql\0SELECT 1': { runs: [[cls, 'SELECT']], css: { [cls]: css } },
    });
    writeBody(cache, 'a', meta, '<p>a</p>', { code: 'c', blocks: hostile('k5', 'color:red}body{display:none') });
    writeBody(cache, 'b', meta, '<p>b</p>', { code: 'c', blocks: hostile('k5{}x', 'color:red') });
    writeBody(cache, 'ok', meta, '<p>ok</p>', { code: 'c', blocks: hostile('k5', 'color:light-dark(#fff,#000)') });
    expect(readBlocks(cache, 'a', 'c')).toBeUndefined();
    expect(readBlocks(cache, 'b', 'c')).toBeUndefined();
    expect(readBlocks(cache, 'ok', 'c')).toBeDefined();
  });
});
