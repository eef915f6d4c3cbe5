/** A heading never takes an id the page chrome uses (#content, #sidebar…): every id of a page is unique. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/build/load-site.ts';
import { renderPageHtml } from '../../../src/build/render/render-page.tsx';
import { currentVersion } from '../../../src/catalogue/version.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('heading ids beside the page chrome', () => {
  it('gives headings named Content, Sidebar… their own ids, and links to them resolve', async () => {
    const model = await loadSite({ projectRoot: root, contentDir: 'tests/fixtures/chrome-ids', withDates: false });
    const page = model.pages.find((p) => p.view.route === '/doc/page')!;
    const html = renderPageHtml(page.view, {
      sidebar: model.catalogue.sidebar,
      version: currentVersion,
      stylesheets: ['/s.css'],
      scripts: ['/i.js'],
      themeScript: '',
      origin: 'https://example.test',
      engineVersion: 'v1.2.453',
    });
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(html).toMatch(/<main id="content"/);
    expect(html).toMatch(/<nav class="sidebar" id="sidebar"/);
    for (const [text, id] of [
      ['Content', 'content-1'],
      ['Sidebar', 'sidebar-1'],
      ['In this section', 'in-this-section-1'],
    ]) {
      expect(html).toMatch(new RegExp(`<h2 id="${id}"[^>]*>(<a[^>]*>)?${text}`));
    }
    expect(html).toContain('href="#content-1"');
  });
});
