/**
 * The build renders a page's body apart from the page around it, and hands Pagefind only part of each page:
 * both must give exactly what rendering and indexing whole pages gives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite, type SiteModel } from '../../../src/build/load-site.ts';
import { PLACEHOLDER_INPUT, pagefindInput } from '../../../src/build/render/pagefind-input.ts';
import { withBody } from '../../../src/build/render/page-work.tsx';
import { renderPageHtml } from '../../../src/build/render/render-page.tsx';
import { leanHtml } from '../../../src/build/render/lean-html.ts';
import { htmlFileOf } from '../../../src/build/paths.ts';
import { themeBootstrap } from '../../../src/islands/theme.ts';
import { ArticleBody } from '../../../src/ui/ArticleBody.tsx';
import type { SiteView } from '../../../src/ui/types.ts';
import { scaled } from '../../load.ts';

const root = path.resolve(import.meta.dirname, '../../..');
let model: SiteModel;
let site: SiteView;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-page-parts-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  model = await loadSite({ projectRoot: root, contentDir: 'tests/fixtures/good', withDates: false });
  site = {
    sidebar: model.catalogue.sidebar,
    version: model.catalogue.version,
    stylesheets: ['/assets/build/site.css'],
    scripts: ['/assets/build/islands.js'],
    themeScript: themeBootstrap,
    origin: 'https://docs.databend.com',
    engineVersion: 'v1.2.453',
    sidebarData: '/assets/build/sidebar.json',
  };
}, scaled(60_000));

describe('a page rendered in parts', () => {
  it('is the page rendered whole, image preloads in the head included', () => {
    let preloads = 0;
    for (const built of model.pages) {
      const whole = renderPageHtml(built.view, site);
      if (!built.view.body) continue;
      // The body as page-work.tsx writes it.
      const body = leanHtml(renderToStaticMarkup(createElement(ArticleBody, { tree: built.view.body })));
      const marked = renderPageHtml(
        { ...built.view, body: { type: 'root', children: [{ type: 'text', value: '@@article-body@@' }] } },
        site,
      );
      expect(withBody(marked, body), built.view.route).toBe(whole);
      if (whole.includes('<link rel="preload"')) preloads++;
    }
    // The fixture shows an image: React preloads it in the head.
    expect(preloads).toBeGreaterThan(0);
  });
});

describe('what Pagefind is given', () => {
  it('keeps the article and every data-pagefind element, and drops the rest', () => {
    const built = model.pages.find((p) => p.view.route === '/doc/guide/first')!;
    const input = pagefindInput(renderPageHtml(built.view, site));
    expect(input).toMatch(
      /^<!doctype html><html lang="en"><head><title>First Steps \| Databend Docs<\/title><\/head><body><article class="article" data-pagefind-body /,
    );
    expect(input).not.toContain('class="sidebar"');
    expect(input).not.toContain('data-island');
    expect(input).toContain('<h2 id="step-one">');
    // The spans of highlighted code go; their text stays.
    const html = renderPageHtml(built.view, site);
    const code = /<pre [^>]*class="shiki[\s\S]*?<\/pre>/.exec(html)?.[0] ?? '';
    expect(code).toContain('<span');
    const kept = /<pre [^>]*class="shiki[\s\S]*?<\/pre>/.exec(input)?.[0] ?? '';
    expect(kept).not.toContain('<span');
    expect(kept.replace(/<[^>]+>/g, '')).toBe(code.replace(/<[^>]+>/g, ''));
  });

  it(
    'gives the same index when a page holds its place with a placeholder and comes later',
    async () => {
      // What a rebuild does: the unchanged pages go to Pagefind while the edited ones render.
      const indexFiles = async (order: 'in order' | 'ahead'): Promise<Map<string, string>> => {
        const { index } = await pagefind.createIndex({});
        if (!index) throw new Error('no Pagefind index');
        const pages = model.pages.map((built) => ({
          file: htmlFileOf(built.view.route),
          html: pagefindInput(renderPageHtml(built.view, site)),
        }));
        const late = new Set([1, pages.length - 2]);
        for (const [i, p] of pages.entries())
          await index.addHTMLFile({
            sourcePath: p.file,
            content: order === 'ahead' && late.has(i) ? PLACEHOLDER_INPUT : p.html,
          });
        if (order === 'ahead')
          for (const i of late) await index.addHTMLFile({ sourcePath: pages[i]!.file, content: pages[i]!.html });
        const { files } = await index.getFiles();
        await index.deleteIndex();
        return new Map(files.map((f) => [f.path, Buffer.from(f.content).toString('base64')]));
      };
      try {
        expect(model.pages.length).toBeGreaterThan(4);
        const inOrder = await indexFiles('in order');
        const ahead = await indexFiles('ahead');
        expect([...ahead.keys()].sort()).toEqual([...inOrder.keys()].sort());
        for (const [file, data] of inOrder) expect(ahead.get(file), file).toBe(data);
      } finally {
        await pagefind.close();
      }
    },
    scaled(60_000),
  );

  it('keeps table cells apart, so a header row is words and not one word', () => {
    const input = pagefindInput(
      '<html><body><article ' +
        'data-pagefind-body><table><tr><th>Argument</th><th>Type</th></tr><tr><td>x</td><td>INT</td></tr></table></article></body></html>',
    );
    expect(input.replace(/<[^>]+>/g, '')).toBe('Argument Type x INT ');
  });

  it(
    'gives the same index as the whole pages with a space after each table cell, file for file',
    async () => {
      const indexFiles = async (shape: (html: string) => string): Promise<Map<string, string>> => {
        const { index } = await pagefind.createIndex({});
        if (!index) throw new Error('no Pagefind index');
        for (const built of model.pages)
          await index.addHTMLFile({
            sourcePath: htmlFileOf(built.view.route),
            content: shape(renderPageHtml(built.view, site)),
          });
        const { files } = await index.getFiles();
        await index.deleteIndex();
        return new Map(files.map((f) => [f.path, Buffer.from(f.content).toString('base64')]));
      };
      try {
        const whole = await indexFiles((html) => html.replace(/<\/(th|td)>/g, '</$1> '));
        const reduced = await indexFiles(pagefindInput);
        expect([...reduced.keys()].sort()).toEqual([...whole.keys()].sort());
        for (const [file, data] of whole) expect(reduced.get(file), file).toBe(data);
      } finally {
        await pagefind.close();
      }
    },
    scaled(60_000),
  );
});
