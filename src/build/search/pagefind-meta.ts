import { gunzipSync } from 'node:zlib';

/**
 * Where each chunk of a Pagefind index starts: the first word of every `index/*.pf_index` file, read from the
 * part's `pagefind.<lang>_<hash>.pf_meta` (gzip, the signature `pagefind_dcd`, then CBOR: version, pages, chunks
 * as `[from, to, hash]`, filters, sorts, metadata fields, as Pagefind 1.6 writes it). The browser uses them to load every chunk
 * a word's extensions may sit in before it asks Pagefind (`chunk-range.ts`).
 */
export function chunkStarts(meta: Buffer): string[] {
  const raw = gunzipSync(meta);
  const signature = 'pagefind_dcd';
  if (raw.subarray(0, signature.length).toString('latin1') !== signature)
    throw new Error('search index: a Pagefind metadata file without its signature');
  const decoded = decodeCbor(raw, signature.length).value;
  const chunks = Array.isArray(decoded) ? decoded[2] : undefined;
  if (
    !Array.isArray(chunks) ||
    !chunks.every((c) => Array.isArray(c) && c.length === 3 && c.every((s) => typeof s === 'string'))
  )
    throw new Error('search index: Pagefind metadata not as Pagefind 1.6 writes it (no chunk list)');
  return chunks.map((c) => (c as string[])[0]!);
}

export type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | boolean | null | undefined;

/** A CBOR item at `at` (the definite-length subset Pagefind's minicbor writes). */
export function decodeCbor(buf: Buffer, at: number): { value: Cbor; next: number } {
  const head = buf[at];
  if (head === undefined) throw new Error('search index: Pagefind metadata cut short');
  const major = head >> 5;
  const info = head & 31;
  let pos = at + 1;
  let n: number;
  if (info < 24) n = info;
  else if (info === 24) n = buf.readUInt8(pos++);
  else if (info === 25) {
    n = buf.readUInt16BE(pos);
    pos += 2;
  } else if (info === 26) {
    n = buf.readUInt32BE(pos);
    pos += 4;
  } else if (info === 27) {
    n = Number(buf.readBigUInt64BE(pos));
    pos += 8;
  } else throw new Error('search index: Pagefind metadata holds an item of indefinite length');
  switch (major) {
    case 0:
      return { value: n, next: pos };
    case 1:
      return { value: -1 - n, next: pos };
    case 2:
      return { value: buf.subarray(pos, pos + n), next: pos + n };
    case 3:
      return { value: buf.subarray(pos, pos + n).toString('utf8'), next: pos + n };
    case 4: {
      const items: Cbor[] = [];
      for (let i = 0; i < n; i++) {
        const item = decodeCbor(buf, pos);
        items.push(item.value);
        pos = item.next;
      }
      return { value: items, next: pos };
    }
    case 5: {
      const map = new Map<Cbor, Cbor>();
      for (let i = 0; i < n; i++) {
        const key = decodeCbor(buf, pos);
        const value = decodeCbor(buf, key.next);
        map.set(key.value, value.value);
        pos = value.next;
      }
      return { value: map, next: pos };
    }
    case 6:
      return decodeCbor(buf, pos);
    default:
      return { value: info === 20 ? false : info === 21 ? true : null, next: pos };
  }
}
