/**
 * The checkers that guard the built site have tests of their own: a small good site passes, and each kind of
 * bad site (a broken link, a missing anchor on another page, generic link text, a page the sidebars do not reach
 * or reach only in more than four clicks, a catalogue route without a page, broken percent-encoding, missing
 * landing pages, a route the server does not answer, a link the crawl cannot follow) fails with a message that
 * names the page and the problem. Disable a check and its case here fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../../scripts/check-site.ts';
import { checkServed } from '../../../scripts/check-served.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-checks-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const page = (title: string, sidebar: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav ` +
  `class="sidebar">${sidebar}</nav><main id="content"><h1 ` +
  `id="top">${title}</h1>${body}</main></body></html>`;
const SIDEBAR = '<a href="/doc/guide">Guide</a><a href="/doc/reference">Reference</a>';

/** A site of three pages, a catalogue, a sitemap and a host configuration; `change` edits its files. */
function site(name: string, change: (files: Record<string, string>) => void = () => undefined): string {
  const files: Record<string, string> = {
    'doc/index.html': page('Docs', SIDEBAR, '<p>Start with <a href="/doc/guide#install">installing the guide</a>.</p>'),
    'doc/guide/index.html': page(
      'Guide',
      SIDEBAR,
      '<h2 id="install">Install</h2><p>See <a href="/doc/reference">the reference</a>.</p>',
    ),
    'doc/reference/index.html': page(
      'Reference',
      SIDEBAR,
      '<p>Back to <a href="/doc/guide#install">installing</a>.</p>',
    ),
    '404.html': page('Not found', SIDEBAR, '<p>No such page.</p>'),
    'catalogue.json': JSON.stringify({
      version: {},
      docs: [],
      generatedIndexes: [],
      sidebars: {
        doc: [
          { type: 'link', href: '/doc/guide' },
          { type: 'link', href: '/doc/reference' },
        ],
      },
    }),
    'sitemap.xml':
      '<urlset><url><loc>https://docs.databend.com/doc/</loc></url><url><loc>https://docs.databend.com/doc/guide</loc></url><url><loc>https://docs.databend.com/doc/reference</loc></url></urlset>',
  };
  change(files);
  const dir = path.join(work, name, 'site');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  fs.writeFileSync(
    `${dir}.serve.json`,
    JSON.stringify({
      redirects: [{ source: '/', destination: '/doc/', type: 301 }],
      headers: [{ source: '**', headers: [] }],
    }),
  );
  fs.writeFileSync(
    path.join(work, name, 'catalogue.tsv'),
    'id\troute\n' +
      '/doc/ /doc/guide /doc/reference'
        .split(' ')
        .map((r) => `x\t${r}`)
        .join('\n'),
  );
  return dir;
}

describe('check-site', () => {
  it('passes a good site', () => {
    expect(checkSite(site('good'), { landing: false }).problems).toEqual([]);
  });

  it('finds a link to a page that does not exist', () => {
    const dir = site(
      'broken',
      (f) => (f['doc/guide/index.html'] = f['doc/guide/index.html']!.replace('/doc/reference"', '/doc/referense"')),
    );
    expect(checkSite(dir, { landing: false }).problems).toContain(
      '/doc/guide/index.html: /doc/referense does not exist',
    );
  });

  it('finds an anchor missing on another page', () => {
    const dir = site(
      'anchor',
      (f) => (f['doc/reference/index.html'] = f['doc/reference/index.html']!.replace('#install', '#setup')),
    );
    expect(checkSite(dir, { landing: false }).problems).toContain(
      '/doc/reference/index.html: /doc/guide#setup has no element with id "setup"',
    );
  });

  it('finds a link that says only "here"', () => {
    const dir = site(
      'generic',
      (f) => (f['doc/index.html'] = f['doc/index.html']!.replace('installing the guide', 'here')),
    );
    expect(checkSite(dir, { landing: false }).problems).toContain(
      '/doc/index.html: the link to /doc/guide#install says only "here": name what it leads to',
    );
  });

  it('finds a catalogue page the sidebars do not reach', () => {
    const dir = site('unreachable', (f) => {
      f['doc/hidden/index.html'] = page('Hidden', SIDEBAR, '<p>Nobody links here.</p>');
      const cat = JSON.parse(f['catalogue.json']!);
      cat.generatedIndexes.push({ route: '/doc/hidden' });
      f['catalogue.json'] = JSON.stringify(cat);
    });
    expect(checkSite(dir, { landing: false }).problems).toContain(
      'sidebar: /doc/hidden cannot be reached from /doc/ through the sidebars (without JavaScript)',
    );
  });

  it('finds a page more than four sidebar clicks from /doc/', () => {
    // A chain: each page's sidebar links only to the next one, so /doc/d5 is five clicks away.
    const dir = site('far', (f) => {
      const chain = ['d1', 'd2', 'd3', 'd4', 'd5'];
      f['doc/index.html'] = page('Docs', `${SIDEBAR}<a href="/doc/d1">One</a>`, '<p>Start.</p>');
      chain.forEach((name, i) => {
        const next = chain[i + 1];
        f[`doc/${name}/index.html`] = page(name, next ? `<a href="/doc/${next}">Next</a>` : '', '<p>A step.</p>');
      });
      const cat = JSON.parse(f['catalogue.json']!);
      cat.generatedIndexes.push({ route: '/doc/d5' });
      f['catalogue.json'] = JSON.stringify(cat);
    });
    expect(checkSite(dir, { landing: false }).problems).toEqual([
      'sidebar: /doc/d5 is 5 clicks from /doc/ through the sidebars (at most 4)',
    ]);
  });

  it('finds a catalogue route without a page', () => {
    const dir = site('no-page', (f) => {
      const cat = JSON.parse(f['catalogue.json']!);
      cat.sidebars.doc.push({ type: 'link', href: '/doc/missing' });
      f['catalogue.json'] = JSON.stringify(cat);
    });
    expect(checkSite(dir, { landing: false }).problems).toContain('catalogue.json: route /doc/missing has no page');
  });

  it('finds a link whose percent-encoding is broken', () => {
    const dir = site(
      'encoding',
      (f) => (f['doc/guide/index.html'] = f['doc/guide/index.html']!.replace('/doc/reference"', '/doc/ref%E0%A4"')),
    );
    expect(checkSite(dir, { landing: false }).problems).toEqual([
      '/doc/guide/index.html: /doc/ref%E0%A4 is not valid percent-encoding',
    ]);
  });

  it("finds the site's landing pages missing (checked on the real site only)", () => {
    const problems = checkSite(site('landing'), { landing: true }).problems;
    expect(problems).toContain('landing page /doc/guides/ is missing from the site or its sidebar');
  });
});

describe('check-served', () => {
  it('passes a good site through the real server, crawl included', async () => {
    const dir = site('served-good');
    expect(await checkServed(dir, path.join(work, 'served-good/catalogue.tsv'), { crawl: true })).toEqual([]);
  });

  it('finds a route the server does not answer, and a link the crawl cannot follow', async () => {
    const dir = site('served-bad', (f) => {
      f['sitemap.xml'] = f['sitemap.xml']!.replace(
        '</urlset>',
        '<url><loc>https://docs.databend.com/doc/releases/v1.2.0</loc></url></urlset>',
      );
      f['doc/guide/index.html'] = f['doc/guide/index.html']!.replace('/doc/reference"', '/doc/gone"');
    });
    const failures = await checkServed(dir, path.join(work, 'served-bad/catalogue.tsv'), { crawl: true });
    expect(failures).toContain('/doc/releases/v1.2.0: 404 through the server');
    expect(failures).toContain('/doc/releases/v1.2.0/: 404 through the server');
    expect(failures.some((f) => f.startsWith('/doc/gone: 404'))).toBe(true);
  });
});
