/**
 * `npm start`'s static server for the built site. It answers by the rules of `site-files.ts` (those any host
 * needs), with the host configuration the build wrote beside the site (`site.serve.json`: redirects and headers),
 * the security headers on every response (redirects, errors and Node's own parser errors too), and a 404 for the
 * not-found page's own address. Only GET and HEAD are answered (405 otherwise).
 *
 * Each file is read and compressed once (Brotli quality 6: a long page fits the first round trip; gzip for
 * browsers without Brotli) and kept in memory while its size and time stay as they were, so a rebuild is served at
 * once and a busy server spends its time sending, not compressing. Large data and scripts (the search records, the
 * bundles) are also compressed at Brotli's best quality, beside the requests on libuv's threads, and sent so then:
 * 12 % fewer bytes for every phone that searches, at a cost paid once per file. Listens on loopback unless
 * `--host` says.
 *
 *   tsx src/serve/serve-site.ts [site] [--port 3000] [--host 127.0.0.1]
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { contentTypeOf, isCompressible, resolveRequest, statOf, type Redirect } from './site-files.ts';
import { exitOnBadOptions } from '../build/cli-options.ts';

interface HostConfig {
  redirects?: Redirect[];
  headers: { source: string; headers: { key: string; value: string }[] }[];
  [key: string]: unknown;
}

/** The host configuration of a built site: `<site>.serve.json`, written by the build beside the folder. */
export function hostConfigOf(siteDir: string): HostConfig {
  const file = `${path.resolve(siteDir)}.serve.json`;
  if (!fs.existsSync(file)) throw new Error(`${file} not found: build the site first (npm run build)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as HostConfig;
}

/** A file as served: its bytes, and their compressed forms once asked for. */
interface Served {
  size: number;
  mtimeMs: number;
  raw: Buffer;
  etag: string;
  br?: Buffer;
  /** Brotli at quality 11, once made (large files only). */
  brBest?: Buffer;
  bestStarted?: boolean;
  gzip?: Buffer;
  /** A Pagefind file's content (gunzipped) at Brotli's best, once made. */
  pagefindBr?: Promise<Buffer>;
}

/**
 * A file worth Brotli's best quality: data and scripts from this size (about half a second of a thread for the
 * search records), which every reader who searches or runs the page's script fetches. A page is read by fewer and
 * is sent at once at quality 6.
 */
export const BEST_BROTLI_MIN = 32 * 1024;
const worthBest = (file: string, size: number) =>
  size >= BEST_BROTLI_MIN && /json|javascript/.test(contentTypeOf(file));

/**
 * Pagefind's index files are gzip inside (the signature `pagefind_dcd`, then CBOR or JSON). A client that takes
 * Brotli gets their content at Brotli's best instead: 8 % fewer bytes for an index chunk, 18 % for a fragment,
 * and the browser's reader (`src/islands/pagefind-format.ts`) takes a file already decompressed. Other hosts send
 * the gzip files as they are, which the reader opens itself.
 */
export const isPagefindData = (file: string) => /\.pf_(?:index|fragment|meta)$/.test(file);

/** Files above this size are sent from disk each time rather than kept (no site file comes near it). */
const KEEP_LIMIT = 8 * 1024 * 1024;

/** The encoding to send: Brotli, then gzip, by what the request accepts (`q=0` refuses one). */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const offered = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

export function createSiteServer(siteDir: string, config: HostConfig = hostConfigOf(siteDir)): http.Server {
  const root = path.resolve(siteDir);
  const everywhere = config.headers.find((h) => h.source === '**')?.headers ?? [];
  const byPrefix = config.headers
    .filter((h) => h.source !== '**' && h.source.endsWith('/**'))
    .map((h) => ({ prefix: `/${h.source.slice(0, -2)}`, headers: h.headers }));
  const notFound = path.join(root, '404.html');
  const kept = new Map<string, Served>();

  function load(file: string): Served | undefined {
    const st = statOf(file);
    if (!st?.isFile()) return undefined;
    const known = kept.get(file);
    if (known && known.size === st.size && known.mtimeMs === st.mtimeMs) return known;
    const raw = fs.readFileSync(file);
    const served: Served = {
      size: st.size,
      mtimeMs: st.mtimeMs,
      raw,
      etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
    };
    if (st.size <= KEEP_LIMIT) kept.set(file, served);
    return served;
  }

  function encoded(file: string, served: Served, encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br') {
      if (served.brBest) return served.brBest;
      if (worthBest(file, served.raw.length) && !served.bestStarted) {
        served.bestStarted = true;
        zlib.brotliCompress(
          served.raw,
          {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: served.raw.length,
            },
          },
          // A failure leaves quality 6 in use: nothing to report to a reader.
          (err, best) => {
            if (!err) served.brBest = best;
          },
        );
      }
      served.br ??= zlib.brotliCompressSync(served.raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: served.raw.length,
        },
      });
      return served.br;
    }
    served.gzip ??= zlib.gzipSync(served.raw, { level: 6 });
    return served.gzip;
  }

  function send(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    file: string,
    served: Served,
  ): void {
    const headers: http.OutgoingHttpHeaders = { 'content-type': contentTypeOf(file), etag: served.etag };
    let body = served.raw;
    if (isCompressible(file) && served.raw.length > 256) {
      headers.vary = 'Accept-Encoding';
      const encoding = chooseEncoding(req.headers['accept-encoding']);
      if (encoding) {
        body = encoded(file, served, encoding);
        headers['content-encoding'] = encoding;
      }
    }
    if (status === 200 && req.headers['if-none-match'] === served.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** A Pagefind file as Brotli of its content, compressed once on libuv's threads; as it is if that fails. */
  function sendPagefindData(req: http.IncomingMessage, res: http.ServerResponse, file: string, served: Served): void {
    served.pagefindBr ??= new Promise<Buffer>((resolve, reject) =>
      zlib.gunzip(served.raw, (err, content) => {
        if (err) return reject(err);
        const params = {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        };
        zlib.brotliCompress(content, { params }, (e, br) => (e ? reject(e) : resolve(br)));
      }),
    );
    served.pagefindBr.then(
      (body) => {
        const headers: http.OutgoingHttpHeaders = {
          'content-type': contentTypeOf(file),
          etag: served.etag,
          vary: 'Accept-Encoding',
          'content-encoding': 'br',
        };
        if (req.headers['if-none-match'] === served.etag) return void res.writeHead(304, headers).end();
        headers['content-length'] = body.length;
        res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
      },
      () => send(req, res, 200, file, served),
    );
  }

  function plain(res: http.ServerResponse, status: number, text: string, extra: http.OutgoingHttpHeaders = {}): void {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...extra }).end(`${text}\n`);
  }

  function notFoundPage(req: http.IncomingMessage, res: http.ServerResponse): void {
    const served = load(notFound);
    if (served) send(req, res, 404, notFound, served);
    else plain(res, 404, 'Not found');
  }

  const server = http.createServer((req, res) => {
    // Set first: they then go out with every response, redirects and errors included.
    for (const h of everywhere) res.setHeader(h.key, h.value);
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        plain(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
        return;
      }
      const target = req.url ?? '/';
      const pathname = target.split(/[?#]/, 1)[0] ?? '/';
      if (/^\/404(?:\.html)?\/?$/.test(pathname)) {
        notFoundPage(req, res);
        return;
      }
      const found = resolveRequest(root, target, config.redirects ?? []);
      if (found.kind === 'bad') {
        plain(res, 400, `Bad request: ${found.reason}`);
        return;
      }
      if (found.kind === 'redirect') {
        res.writeHead(found.status, { location: found.location }).end();
        return;
      }
      const served = found.kind === 'file' ? load(found.file) : undefined;
      if (found.kind !== 'file' || !served) {
        notFoundPage(req, res);
        return;
      }
      for (const { prefix, headers } of byPrefix)
        if (pathname.startsWith(prefix)) for (const h of headers) res.setHeader(h.key, h.value);
      const gzipped = served.raw[0] === 0x1f && served.raw[1] === 0x8b;
      if (isPagefindData(found.file) && gzipped && chooseEncoding(req.headers['accept-encoding']) === 'br')
        sendPagefindData(req, res, found.file, served);
      else send(req, res, 200, found.file, served);
    } catch (err) {
      // Never a stack trace or the site's path in the response.
      console.error(`serve: ${req.method} ${JSON.stringify(req.url)}: ${(err as Error).message}`);
      if (!res.headersSent) plain(res, 500, 'Internal server error');
      else res.destroy();
    }
  });

  // Node answers requests it cannot parse itself (431 for oversized headers, 400 for malformed ones), without the
  // security headers; this answers them with those headers.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    const lines = [
      `HTTP/1.1 ${status} ${reason}`,
      'Content-Type: text/plain; charset=utf-8',
      'Connection: close',
      `Content-Length: ${reason.length + 1}`,
    ];
    for (const h of everywhere) lines.push(`${h.key}: ${h.value}`);
    socket.end(`${lines.join('\r\n')}\r\n\r\n${reason}\n`);
  });
  return server;
}

function main(): void {
  const args = process.argv.slice(2);
  exitOnBadOptions(
    'serve',
    args,
    { withValue: ['--port', '--host'], numbers: { '--port': [1, 65535] }, positional: 1 },
    'npx tsx src/serve/serve-site.ts [site] [--port <1-65535>] [--host <address>] (npm start: PORT=<port>)',
  );
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const siteDir =
    args.find((a, i) => !a.startsWith('--') && !['--port', '--host'].includes(args[i - 1] ?? '')) ?? 'site';
  const port = Number(flag('--port') ?? process.env.PORT ?? 3000);
  const host = flag('--host') ?? '127.0.0.1';
  let server: http.Server;
  try {
    server = createSiteServer(siteDir);
  } catch (err) {
    console.error(`serve: ${(err as Error).message}`);
    process.exit(1);
  }
  server.on('error', (err) => {
    console.error(`serve: ${err.message}`);
    process.exit(1);
  });
  server.listen(port, host, () =>
    console.log(`serving ${siteDir} on http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/doc/`),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
