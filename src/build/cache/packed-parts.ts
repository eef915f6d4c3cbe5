/** A cache entry's bytes: named parts behind a header with their lengths and the hash that makes damage visible. */
import { createHash } from 'node:crypto';

/**
 * Parts as one buffer: a line of JSON (the hash of the parts' bytes, and each part's name and length in bytes), then
 * the parts one after another. The hash makes damage visible: bytes changed in place (a bad disk, a cache copied
 * from elsewhere) must never reach the site.
 */
export function packParts(parts: Readonly<Record<string, string | Buffer>>): Buffer {
  const buffers = Object.entries(parts).map(
    ([name, data]) => [name, typeof data === 'string' ? Buffer.from(data, 'utf8') : data] as const,
  );
  const hash = createHash('sha1');
  for (const [, b] of buffers) hash.update(b);
  const header = Buffer.from(
    `${JSON.stringify({ sha1: hash.digest('hex'), parts: buffers.map(([name, b]) => [name, b.length]) })}\n`,
    'utf8',
  );
  return Buffer.concat([header, ...buffers.map(([, b]) => b)]);
}

/** The parts of a packed buffer; throws when it is cut short, too long or damaged (its hash no longer matches). */
export function unpackParts(packed: Buffer): Map<string, Buffer> {
  const end = packed.indexOf(0x0a);
  if (end < 0) throw new Error('cache entry without its header');
  const header = JSON.parse(packed.subarray(0, end).toString('utf8')) as { sha1?: unknown; parts?: unknown };
  if (typeof header.sha1 !== 'string' || !Array.isArray(header.parts))
    throw new Error('cache entry with a header of another shape');
  const parts = new Map<string, Buffer>();
  const hash = createHash('sha1');
  let at = end + 1;
  for (const [name, length] of header.parts as [string, number][]) {
    const part = packed.subarray(at, at + length);
    parts.set(name, part);
    hash.update(part);
    at += length;
  }
  if (at !== packed.length) throw new Error('cache entry cut short or too long');
  if (hash.digest('hex') !== header.sha1) throw new Error('cache entry damaged: its bytes do not match their hash');
  return parts;
}
