/**
 * How a request path maps to a file of the built site, the rules every static host needs (and `site.serve.json`
 * states): a route is a folder holding `index.html`, answered with and without its trailing slash, whatever its last
 * segment looks like (`/doc/releases/v1.2.0` is a folder, not a file with a `.0` extension); a file is answered at its
 * own path; `/` redirects to `/doc/`. Nothing outside the site, no dotfile and no folder listing is ever answered.
 * Pure apart from reading whether a file exists, so the server and its tests share it.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Resolution =
  | { kind: 'file'; file: string }
  | { kind: 'redirect'; status: 301 | 302 | 307 | 308; location: string }
  /** A path no file can have: bad percent-encoding, a NUL or backslash, `.`/`..` segments. */
  | { kind: 'bad'; reason: string }
  | { kind: 'missing' };

export interface Redirect {
  source: string;
  destination: string;
  type: 301 | 302 | 307 | 308;
}

/**
 * A file's stat, or undefined where there is none. Not only a missing path: a path that runs on under a file
 * (`/robots.txt/x`, ENOTDIR) or a segment longer than the file system allows (ENAMETOOLONG) names no file either,
 * and `throwIfNoEntry` covers only ENOENT.
 */
export function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

const isFile = (file: string) => statOf(file)?.isFile() === true;

/** The file (or redirect) for a request target such as `/doc/releases/v1.2.0?x=1`. */
export function resolveRequest(root: string, target: string, redirects: readonly Redirect[] = []): Resolution {
  const rawPath = target.split(/[?#]/, 1)[0] ?? '/';
  if (!rawPath.startsWith('/')) return { kind: 'bad', reason: 'the path must start with /' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'bad', reason: 'the path is not valid percent-encoded UTF-8' };
  }
  if (/[\0\\]/.test(pathname)) return { kind: 'bad', reason: 'the path holds a NUL or a backslash' };
  const segments = pathname.split('/').slice(1);
  if (segments.some((s) => s === '.' || s === '..')) return { kind: 'bad', reason: 'the path holds a . or .. segment' };

  const redirect = redirects.find((r) => r.source === pathname);
  if (redirect) return { kind: 'redirect', status: redirect.type, location: redirect.destination };
  // Dotfiles are never published, and a killed rebuild's temporary files are dotfiles: never served.
  if (segments.some((s) => s.startsWith('.'))) return { kind: 'missing' };

  const base = path.resolve(root);
  const rel = segments.join('/');
  const trailing = rel === '' || rel.endsWith('/');
  const candidates = trailing ? [`${rel}index.html`] : [rel, `${rel}/index.html`];
  for (const candidate of candidates) {
    const file = path.resolve(base, candidate);
    // Cannot leave the site (no `..` segment passed above): a last check, as for every path the build writes.
    if (!file.startsWith(base + path.sep)) continue;
    if (isFile(file)) return { kind: 'file', file };
  }
  return { kind: 'missing' };
}

/** Content types of the files a site holds. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.csv': 'text/csv; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.parquet': 'application/octet-stream',
  '.ndjson': 'application/x-ndjson',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Text formats gain from compression; images, WebAssembly and Pagefind's chunks (already gzip) do not. */
export function isCompressible(file: string): boolean {
  const type = contentTypeOf(file);
  return /^text\/|json|xml|svg|markdown|ndjson|csv/.test(type);
}
