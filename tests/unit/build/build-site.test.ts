/** The whole build on the fixture tree: every output is written, and a failed build leaves the old site as it was. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/build/cli.ts';
import { outputPathIn } from '../../../src/build/write/write-site.ts';
import { createSiteServer } from '../../../src/serve/serve-site.ts';
import type { AddressInfo } from 'node:net';
import { scaled } from '../../load.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-build-'));
const out = path.join(work, 'site');
// The build cache of these tests lives in the scratch folder, never in the project's .cache/.
const cacheDir = path.join(work, 'cache');
const read = (rel: string) => fs.readFileSync(path.join(out, rel), 'utf8');
let line = '';

beforeAll(async () => {
  line = (await buildSite({ projectRoot: root, contentDir: 'tests/fixtures/good', outDir: out, cacheDir })).line;
}, scaled(60_000));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('build', () => {
  it('writes every route as a folder page, both URL forms resolving to it', () => {
    for (const rel of [
      'doc/index.html',
      'doc/guide/index.html',
      'doc/guide/first/index.html',
      'doc/reference/index.html',
      'doc/reference/date-trunc/index.html',
      '404.html',
      'index.html',
    ]) {
      expect(fs.existsSync(path.join(out, rel)), rel).toBe(true);
    }
    expect(read('index.html')).toContain('url=/doc/');
    const host = JSON.parse(fs.readFileSync(`${out}.serve.json`, 'utf8')) as {
      redirects: unknown;
      directoryListing: boolean;
    };
    expect(host.redirects).toEqual([{ source: '/', destination: '/doc/', type: 301 }]);
    expect(host.directoryListing).toBe(false);
    // The host configuration sits beside the site, not in it.
    expect(fs.existsSync(path.join(out, 'serve.json'))).toBe(false);
  });

  it('prints a summary line with the catalogue coverage', () => {
    expect(line).toMatch(
      /^built 6 pages \(5 written, 1 generated\) .* catalogue coverage: \d+\/466 pages written .*, \d+\/37 generated indexes(; engine coverage: .*)?$/,
    );
  });

  it('publishes the catalogue JSON with the specification field names', () => {
    const json = JSON.parse(read('catalogue.json'));
    expect(json.version).toMatchObject({ pluginId: 'default', version: 'current', label: 'Next', isLast: true });
    expect(json.sidebars.doc[1]).toMatchObject({
      type: 'category',
      label: 'Guide',
      href: '/doc/guide',
      collapsible: true,
      collapsed: true,
    });
    expect(json.docs).toContainEqual({
      id: 'guide/first',
      title: 'First Steps',
      description: 'A guide page that uses admonitions, tabs, code titles and images.',
      sidebar: 'doc',
    });
  });

  it("writes sitemap, robots.txt, llms.txt and each page's Markdown source", () => {
    expect(read('sitemap.xml')).toContain('<loc>https://docs.databend.com/doc/guide/first</loc>');
    expect(read('robots.txt')).toContain('Sitemap: https://docs.databend.com/sitemap.xml');
    expect(read('llms.txt')).toContain(
      '- [First Steps](https://docs.databend.com/doc/guide/first.md): A guide page that uses admonitions, tabs, code titles and images.',
    );
    expect(read('doc/guide/first.md')).toContain('title: First Steps');
  });

  it('sets canonical URL, description and Open Graph tags', () => {
    const html = read('doc/guide/first/index.html');
    expect(html).toContain('<link rel="canonical" href="https://docs.databend.com/doc/guide/first"/>');
    expect(html).toContain(
      '<meta name="description" content="A guide page that uses admonitions, tabs, code titles and images."/>',
    );
    expect(html).toContain('<meta property="og:title" content="First Steps"/>');
  });

  it('copies images and builds one stylesheet, one module script and the search index (its data only)', () => {
    expect(fs.existsSync(path.join(out, 'assets/content/01-guide/img/box.svg'))).toBe(true);
    // A file no page shows or links stays unpublished.
    expect(fs.existsSync(path.join(out, 'assets/content/01-guide/img/unused.csv'))).toBe(false);
    const html = read('doc/guide/first/index.html');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/build\/site-[0-9a-f]{10}\.css"\/>/);
    expect(html).toMatch(/<script type="module" src="\/assets\/build\/islands-[\w-]+\.js"><\/script>/);
    expect(fs.existsSync(path.join(out, 'pagefind/pagefind-entry.json'))).toBe(true);
    // The browser reads the index itself: Pagefind's own script, WebAssembly and UI are not published.
    expect(fs.readdirSync(path.join(out, 'pagefind')).filter((f) => /\.(?:js|css|pagefind)$/.test(f))).toEqual([]);
  });

  it('inlines nothing but the hashed theme bootstrap the CSP allows (and structured data, which never runs)', () => {
    const html = read('doc/guide/first/index.html');
    const inline = [
      ...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    const data = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '') as { '@type': string },
    );
    expect(data.map((d) => d['@type'])).toEqual(['BreadcrumbList']);
    expect(html).not.toMatch(/<style|\sstyle="|\son[a-z]+="/);
    const csp = JSON.parse(fs.readFileSync(`${out}.serve.json`, 'utf8')).headers[0].headers[0].value as string;
    // Scripts only from the site and the hashed bootstrap: no eval of any kind, WebAssembly's included (search
    // reads its index in TypeScript).
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toMatch(/^'self' 'sha256-[^']+'$/);
    const hash = /'sha256-([^']+)'/.exec(csp)?.[1];
    expect(
      createHash('sha256')
        .update(inline[0] ?? '')
        .digest('base64'),
    ).toBe(hash);
    // The same policy in a meta element, for hosts that send no headers (frame-ancestors only works as a header).
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"\/>/
      .exec(html)?.[1]
      ?.replace(/&#x27;/g, "'");
    expect(meta).toBe(csp.replace("; frame-ancestors 'none'", ''));
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
  });

  it('refuses to write a file whose path leads out of the output folder', () => {
    expect(outputPathIn(out, 'doc/a/index.html')).toBe(path.join(out, 'doc/a/index.html'));
    expect(() => outputPathIn(out, '../../README/index.html')).toThrow(/resolves outside the output folder/);
    expect(() => outputPathIn(out, '/etc/passwd')).toThrow(/resolves outside the output folder/);
    // A sibling whose name starts with the output's (site-x beside site) is outside it too.
    expect(() => outputPathIn(out, '../site-x/index.html')).toThrow(/resolves outside the output folder/);
  });

  it('is served with its security headers on every response, a 404 for the not-found page, and no listings', async () => {
    const server = createSiteServer(out);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const get = (p: string) => fetch(`${base}${p}`, { redirect: 'manual' });
      const home = await get('/');
      expect(home.status).toBe(301);
      expect(home.headers.get('location')).toBe('/doc/');
      expect(home.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      expect(home.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await get('/doc/guide/first')).status).toBe(200);
      for (const p of ['/404', '/404.html', '/assets/', '/assets/content/', '/serve.json', '/doc/no-such-page']) {
        const r = await get(p);
        expect(r.status, p).toBe(404);
        expect(r.headers.get('content-security-policy'), p).toMatch(/default-src 'self'/);
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('sends pages with Brotli to browsers that accept it, smaller than gzip', async () => {
    const server = createSiteServer(out);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const { encoding, body } = await new Promise<{ encoding: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          http
            .get(
              {
                host: '127.0.0.1',
                port,
                path: '/doc/guide/first',
                headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
              },
              (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c: Buffer) => chunks.push(c));
                res.on('end', () =>
                  resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
                );
              },
            )
            .on('error', reject);
        },
      );
      const page = fs.readFileSync(path.join(out, 'doc/guide/first/index.html'));
      expect(encoding).toBe('br');
      expect(zlib.brotliDecompressSync(body).equals(page)).toBe(true);
      expect(body.length).toBeLessThan(zlib.gzipSync(page).length);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it(
    'clears what an interrupted build left behind',
    async () => {
      const stale = path.join(work, 'site.tmp-999999999');
      fs.mkdirSync(path.join(stale, 'doc'), { recursive: true });
      await buildSite({ projectRoot: root, contentDir: 'tests/fixtures/good', outDir: out, cacheDir });
      expect(fs.existsSync(stale)).toBe(false);
    },
    scaled(60_000),
  );

  it('leaves the previous site untouched when a build fails', async () => {
    const before = read('doc/guide/first/index.html');
    await expect(
      buildSite({ projectRoot: root, contentDir: 'tests/fixtures/bad/broken-link', outDir: out, cacheDir }),
    ).rejects.toThrow(/broken-link\/page\.md:8/);
    expect(read('doc/guide/first/index.html')).toBe(before);
    expect(fs.readdirSync(work).sort()).toEqual(['cache', 'site', 'site.serve.json']);
  });
});
