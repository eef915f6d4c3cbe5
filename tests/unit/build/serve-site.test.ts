/**
 * The server `npm start` runs, on a small hand-made site: routes whose last segment holds a dot, the methods,
 * paths no file can have, dotfiles, the headers of Node's own errors, compression and revalidation.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEST_BROTLI_MIN, chooseEncoding, createSiteServer } from '../../../src/serve/serve-site.ts';
import { resolveRequest } from '../../../src/serve/site-files.ts';
import type { AddressInfo } from 'node:net';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-serve-'));
const site = path.join(work, 'site');
const CSP = "default-src 'self'";
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${'<p>words</p>'.repeat(200)}</body></html>`;
const files: Record<string, string> = {
  'doc/index.html': page('Docs'),
  'doc/releases/v1.2.0/index.html': page('v1.2'),
  'doc/releases/v1.2.0.md': '# v1.2\n',
  'doc/deploy/upgrade/upgrade-1.0/index.html': page('Upgrade'),
  'doc/guides/index.html': page('Guides'),
  'doc/guides/.index.html.tmp-4242': 'half-written',
  '.hidden': 'secret',
  '404.html': page('Not found'),
  'assets/build/site-0123456789.css': 'body{color:red}'.repeat(50),
  'pagefind/fragment/a.pf_fragment': 'binary',
  'doc/long/index.html': `<!doctype html><title>Long</title>${Array.from({ length: 3000 }, (_, i) => `<p>line ${(i * 7919) % 3001}</p>`).join('')}`,
  // Large and varied enough that Brotli's best quality beats its quick one.
  'search-records.json': JSON.stringify(
    Array.from({ length: 3000 }, (_, i) => [`page-${(i * 7919) % 3001}`, `title ${(i * 104729) % 9973} words ${i}`]),
  ),
};

/** An index chunk as Pagefind writes it: gzip of its signature and a payload. */
const chunkContent = Buffer.concat([
  Buffer.from('pagefind_dcd'),
  Buffer.from(Array.from({ length: 4000 }, (_, i) => `word${(i * 7919) % 4001} `).join('')),
]);
const CHUNK = 'pagefind/index/en_1.pf_index';

let base = '';
let port = 0;
const server = (() => {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
    fs.writeFileSync(path.join(site, rel), text);
  }
  fs.mkdirSync(path.dirname(path.join(site, CHUNK)), { recursive: true });
  fs.writeFileSync(path.join(site, CHUNK), zlib.gzipSync(chunkContent, { level: 9 }));
  return createSiteServer(site, {
    redirects: [{ source: '/', destination: '/doc/', type: 301 }],
    headers: [
      {
        source: '**',
        headers: [
          { key: 'Content-Security-Policy', value: CSP },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
        ],
      },
      { source: 'assets/build/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    ],
  });
})();

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(work, { recursive: true, force: true });
});

const get = (p: string, init: RequestInit = {}) => fetch(`${base}${p}`, { redirect: 'manual', ...init });

/** A request written by hand, for what fetch refuses to send (a NUL in the path, oversized headers). */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('routes', () => {
  it('answers a route whose last segment holds a dot, with and without the trailing slash', async () => {
    for (const p of [
      '/doc/releases/v1.2.0',
      '/doc/releases/v1.2.0/',
      '/doc/deploy/upgrade/upgrade-1.0',
      '/doc/deploy/upgrade/upgrade-1.0/',
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(r.headers.get('content-type'), p).toBe('text/html; charset=utf-8');
    }
    expect(await (await get('/doc/releases/v1.2.0')).text()).toContain('<title>v1.2</title>');
    // The page's Markdown copy sits beside its folder, with its own type.
    const md = await get('/doc/releases/v1.2.0.md');
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('redirects / to /doc/ and answers 404 with the not-found page elsewhere', async () => {
    const root = await get('/');
    expect(root.status).toBe(301);
    expect(root.headers.get('location')).toBe('/doc/');
    for (const p of ['/404', '/404.html', '/doc/no-such-page', '/doc/releases/v9.9.0', '/assets/', '/assets/build/']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(await r.text(), p).toContain('<title>Not found</title>');
    }
  });

  it('answers 404, not a server error, to a path that runs on under a file or holds an overlong segment', async () => {
    for (const p of [
      '/doc/index.html/x',
      '/search-records.json/',
      '/doc/releases/v1.2.0.md/more',
      `/doc/${'a'.repeat(300)}`,
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(await r.text(), p).toContain('<title>Not found</title>');
    }
  });

  it('never serves a dotfile, such as the temporary file of a killed rebuild', async () => {
    for (const p of ['/.hidden', '/doc/guides/.index.html.tmp-4242', '/%2Ehidden'])
      expect((await get(p)).status, p).toBe(404);
  });

  it('answers 400, with no trace and no path of the site, to a path no file can have', async () => {
    for (const p of ['/doc/%00', '/doc/%E0%A4%A', '/doc/%5C..%5Cetc']) {
      const r = await get(p);
      expect(r.status, p).toBe(400);
      const text = await r.text();
      expect(text, p).not.toContain(work);
      expect(text, p).not.toMatch(/\bat \S+ \(/);
      expect(r.headers.get('content-security-policy'), p).toBe(CSP);
    }
    const nul = await raw('GET /doc/\0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(nul).toMatch(/^HTTP\/1\.1 400 /);
    expect(nul).toContain(`Content-Security-Policy: ${CSP}`);
    // Browsers resolve dot segments themselves; a hand-written request does not.
    for (const target of ['/doc/../../etc/passwd', '/doc/%2E%2E/%2E%2E/etc/passwd']) {
      expect(await raw(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), target).toMatch(
        /^HTTP\/1\.1 400 /,
      );
    }
  });

  it('answers only GET and HEAD: 405 with Allow for the others', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const r = await get('/doc/', { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow'), method).toBe('GET, HEAD');
      expect(r.headers.get('content-security-policy'), method).toBe(CSP);
    }
    const trace = await raw('TRACE /doc/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(trace).toMatch(/^HTTP\/1\.1 405 /);
    const head = await get('/doc/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it("sends the security headers with Node's own errors too (oversized headers)", async () => {
    const text = await raw(`GET /doc/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(text).toContain(`Content-Security-Policy: ${CSP}`);
    expect(text).toContain('X-Content-Type-Options: nosniff');
  });
});

describe('bytes', () => {
  it('compresses text once with Brotli or gzip as accepted, and leaves binary chunks alone', async () => {
    const html = fs.readFileSync(path.join(site, 'doc/index.html'));
    const br = await get('/doc/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes the body: what arrives is the page.
    expect(Buffer.from(await br.arrayBuffer()).equals(html)).toBe(true);
    const gz = await get('/doc/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const none = await get('/doc/', { headers: { 'accept-encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(Number(none.headers.get('content-length'))).toBe(html.length);
    const chunk = await get('/pagefind/fragment/a.pf_fragment', { headers: { 'accept-encoding': 'br' } });
    expect(chunk.headers.get('content-encoding')).toBeNull();
    expect(zlib.brotliCompressSync(html).length).toBeLessThan(html.length);
  });

  it("sends a Pagefind file's content as Brotli to a client that takes it, and its gzip file as it is otherwise", async () => {
    const gz = fs.readFileSync(path.join(site, CHUNK));
    const br = await get(`/${CHUNK}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(gz.length);
    // fetch decodes the Brotli: the reader gets the file's content, signature first.
    expect(Buffer.from(await br.arrayBuffer()).equals(chunkContent)).toBe(true);
    const plain = await get(`/${CHUNK}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(gz)).toBe(true);
    const again = await get(`/${CHUNK}`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('sends large data at Brotli quality 6 first, then at quality 11 once made beside the requests; pages stay at 6', async () => {
    const records = fs.readFileSync(path.join(site, 'search-records.json'));
    expect(records.length).toBeGreaterThanOrEqual(BEST_BROTLI_MIN);
    const quality = (q: number) =>
      zlib.brotliCompressSync(records, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: records.length },
      }).length;
    expect(quality(11)).toBeLessThan(quality(6));
    const sent = async () => {
      const res = await get('/search-records.json', { headers: { 'accept-encoding': 'br' } });
      expect(Buffer.from(await res.arrayBuffer()).equals(records)).toBe(true);
      return Number(res.headers.get('content-length'));
    };
    expect(await sent()).toBe(quality(6));
    await expect.poll(sent).toBe(quality(11));
    // A page, however long, is read by fewer: it stays at quality 6.
    const longPage = fs.readFileSync(path.join(site, 'doc/long/index.html'));
    expect(longPage.length).toBeGreaterThanOrEqual(BEST_BROTLI_MIN);
    const q6 = zlib.brotliCompressSync(longPage, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: longPage.length },
    }).length;
    for (let i = 0; i < 3; i++) {
      const res = await get('/doc/long/', { headers: { 'accept-encoding': 'br' } });
      expect(Number(res.headers.get('content-length'))).toBe(q6);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('marks hashed assets immutable and answers a revalidation with 304', async () => {
    const css = await get('/assets/build/site-0123456789.css');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = css.headers.get('etag')!;
    expect((await get('/assets/build/site-0123456789.css', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves the new bytes once a rebuild changed a file', async () => {
    const file = path.join(site, 'doc/guides/index.html');
    expect(await (await get('/doc/guides/')).text()).toContain('<title>Guides</title>');
    fs.writeFileSync(file, page('Guides, rebuilt and longer'));
    expect(await (await get('/doc/guides/')).text()).toContain('<title>Guides, rebuilt and longer</title>');
  });

  it('chooses the encoding by what the browser accepts', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('resolveRequest', () => {
  it('maps folders, files and query strings, and refuses what leaves the site', () => {
    expect(resolveRequest(site, '/doc/releases/v1.2.0?x=1')).toEqual({
      kind: 'file',
      file: path.join(site, 'doc/releases/v1.2.0/index.html'),
    });
    expect(resolveRequest(site, '/doc/releases/v1.2.0.md')).toEqual({
      kind: 'file',
      file: path.join(site, 'doc/releases/v1.2.0.md'),
    });
    expect(resolveRequest(site, '/doc/../../etc/passwd').kind).toBe('bad');
    expect(resolveRequest(site, 'doc/').kind).toBe('bad');
  });
});
