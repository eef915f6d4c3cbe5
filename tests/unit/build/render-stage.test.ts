/**
 * The render and link-check stages' bookkeeping: which anchors the threads are told of, which cached bodies still
 * hold, which pages the cache settles and which go to the threads, and the link check that re-renders a page
 * whose assumed anchor turned out wrong.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBuild, openBuild, type BuildContext } from '../../../src/build/build-context.ts';
import { checkLinks } from '../../../src/build/links/link-check.ts';
import { load, type LoadedSite } from '../../../src/build/load/load-stage.ts';
import { lookUpPages, staleBodies } from '../../../src/build/render/cache-lookup.ts';
import type { BodyMeta } from '../../../src/build/page-keys.ts';
import type { PageRenderer } from '../../../src/build/render/page-renderer.ts';
import { anchorsOf, knownAnchors } from '../../../src/build/page-state.ts';
import { ContentErrors } from '../../../src/content/errors.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-render-'));
let ctx: BuildContext;
let site: LoadedSite;
beforeAll(async () => {
  ctx = openBuild({
    projectRoot: root,
    contentDir: 'tests/fixtures/good',
    outDir: path.join(work, 'site'),
    cacheDir: path.join(work, 'cache'),
  });
  site = await load(ctx);
}, 60_000);
afterAll(() => {
  closeBuild(ctx);
  fs.rmSync(work, { recursive: true, force: true });
});

const meta = (over: Partial<BodyMeta> = {}): BodyMeta => ({
  anchors: [],
  toc: [],
  queries: [],
  styles: [],
  assets: [],
  places: {} as BodyMeta['places'],
  ...over,
});
const indexOf = (route: string) => site.states.findIndex((s) => s.view.route === route);
const reset = () => {
  for (const s of site.states) {
    s.meta = undefined;
    s.pageKey = undefined;
    s.errors = [];
  }
};

describe('anchors the render threads know', () => {
  it("are a rendered body's headings and a section page's cards heading; a body not rendered yet has none", () => {
    reset();
    const first = site.states[indexOf('/doc/guide/first')]!;
    first.meta = meta({ anchors: ['install'] });
    expect(anchorsOf(first)).toEqual(['install']);
    const known = knownAnchors(site.states);
    expect(known['/doc/guide/first']).toEqual(['install']);
    expect(known['/doc/guide/second']).toBeUndefined();
    const index = site.states.find((s) => s.page.kind === 'generated-index');
    expect(index?.page.cards.length).toBeGreaterThan(0);
    expect(anchorsOf(index!)).toEqual(['section-cards-heading']);
  });
});

describe('the cache lookup', () => {
  it('sends every page to render when the cache holds none of them', () => {
    reset();
    expect(lookUpPages(site, ctx.cache)).toEqual(site.states.map((_, i) => i));
  });

  it('finds a cached body stale once an answer it got no longer holds, and only then', () => {
    reset();
    const first = indexOf('/doc/guide/first');
    site.states[first]!.meta = meta({ queries: [['page', '/doc/guide/second', true]] });
    expect(staleBodies(site)).toEqual([]);
    site.states[first]!.meta = meta({ queries: [['page', '/doc/guide/gone', true]] });
    expect(staleBodies(site)).toEqual([first]);
    // An anchor of a page still to render is not known yet: the answer is checked after the render.
    site.states[first]!.meta = meta({ queries: [['anchor', '/doc/guide/second', 'setup', true]] });
    expect(staleBodies(site, new Set(['/doc/guide/second']))).toEqual([]);
    expect(staleBodies(site)).toEqual([first]);
  });
});

describe('the link check', () => {
  const renderer = (rendered: number[][]) =>
    ({
      refresh: () => undefined,
      render: (_site: LoadedSite, indexes: number[]) => {
        rendered.push(indexes);
        // The second render no longer assumes the anchor.
        for (const i of indexes) site.states[i]!.meta = meta();
        return Promise.resolve();
      },
    }) as unknown as PageRenderer;

  it('renders again a page whose assumed anchor is missing, and nothing when every answer holds', async () => {
    reset();
    const first = indexOf('/doc/guide/first');
    const rendered: number[][] = [];
    await checkLinks(site, renderer(rendered));
    expect(rendered).toEqual([]);
    site.states[first]!.meta = meta({ queries: [['anchor', '/doc/guide/second', 'nowhere', true]] });
    await checkLinks(site, renderer(rendered));
    expect(rendered).toEqual([[first]]);
  });

  it("reports every page's content errors at once, in catalogue order", async () => {
    reset();
    const [a, b] = [indexOf('/doc/guide/second'), indexOf('/doc/guide/first')].sort((x, y) => x - y);
    site.states[b!]!.errors = [{ file: 'b.md', line: 2, reason: 'second problem' }];
    site.states[a!]!.errors = [{ file: 'a.md', line: 1, reason: 'first problem' }];
    const err = await checkLinks(site, renderer([])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentErrors);
    expect((err as ContentErrors).errors.map((e) => e.message)).toEqual([
      expect.stringContaining('first problem'),
      expect.stringContaining('second problem'),
    ]);
  });
});
