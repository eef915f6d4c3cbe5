/**
 * The build cache's segments: entries appended by one build are read back by the next through its manifest's
 * index, damage is found (a segment changed since the last build is read again), and entries spread over many
 * segments (many small rebuilds) are gathered into one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BuildCache, type EntryRef } from '../../../src/build/cache/build-cache.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** One build: the last build's index, some entries read, some appended; the index it leaves. */
function build(
  index: Record<string, EntryRef> | undefined,
  work: (cache: BuildCache) => void,
): Record<string, EntryRef> {
  const cache = new BuildCache(dir);
  cache.useEntries(index);
  work(cache);
  const next = cache.finishEntries();
  cache.close();
  return next;
}

const segments = () => fs.readdirSync(path.join(dir, 'segments')).filter((f) => f.endsWith('.seg'));
const text = (cache: BuildCache, key: string) => cache.readParts('page', key)?.get('html')?.toString('utf8');

describe('build cache segments', () => {
  it('reads back what an earlier build appended, part by part', () => {
    const index = build(undefined, (cache) => {
      cache.appendParts('page', 'a', { html: '<p>a</p>', pf: 'a' });
      cache.appendParts('body', 'a', { meta: '{}', html: 'ä ✓' });
      expect(text(cache, 'a')).toBe('<p>a</p>');
    });
    build(index, (cache) => {
      expect(cache.hasParts('page', 'a')).toBe(true);
      expect(text(cache, 'a')).toBe('<p>a</p>');
      expect(cache.readParts('body', 'a')?.get('html')?.toString('utf8')).toBe('ä ✓');
      expect(cache.hasParts('page', 'missing')).toBe(false);
    });
  });

  it('finds an entry cut short or overwritten, and keeps only what a build used', () => {
    let index = build(undefined, (cache) => {
      cache.appendParts('page', 'x', { html: 'x'.repeat(1000) });
      cache.appendParts('page', 'y', { html: 'y' });
    });
    const [name, offset] = index['page/x']!;
    fs.writeFileSync(path.join(dir, 'segments', name), Buffer.from('garbage'), { flag: 'r+' });
    index = build(index, (cache) => {
      expect(cache.readParts('page', 'x')).toBeUndefined();
      expect(offset).toBe(0);
      expect(text(cache, 'y')).toBe('y');
    });
    expect(Object.keys(index)).toEqual(['page/y']);
    fs.truncateSync(path.join(dir, 'segments', name), 10);
    build(index, (cache) => expect(cache.hasParts('page', 'y')).toBe(false));
  });

  it('gathers entries spread over many segments into one', () => {
    let index: Record<string, EntryRef> | undefined;
    for (let i = 0; i < 20; i++) {
      index = build(index, (cache) => {
        for (const key of Object.keys(index ?? {})) cache.hasParts('page', key.slice('page/'.length));
        cache.appendParts('page', `p${i}`, { html: `page ${i}` });
      });
    }
    const used = new Set(Object.values(index!).map(([segment]) => segment));
    expect(used.size).toBeLessThanOrEqual(13);
    build(index, (cache) => {
      for (let i = 0; i < 20; i++) expect(text(cache, `p${i}`)).toBe(`page ${i}`);
    });
    expect(segments().length).toBeGreaterThan(used.size);
  });

  it('knows an entry whole without reading it while its segment is as the last build left it, and not after a change', () => {
    const box = fs.mkdtempSync(path.join(dir, 'stamps-'));
    const first = new BuildCache(box);
    first.appendParts('page', 'p', { html: '<p>kept</p>' });
    const entries = first.finishEntries();
    const stamps = first.segmentStamps(entries);
    first.close();
    const [name] = entries['page/p']!;
    const seg = path.join(box, 'segments', name);
    const open = (stampsToUse: typeof stamps) => {
      const cache = new BuildCache(box);
      cache.useEntries(entries, stampsToUse);
      return cache;
    };
    const reads = vi.spyOn(fs, 'readSync');
    try {
      // As left: found without a read of its bytes.
      const unchanged = open(stamps);
      expect(unchanged.hasParts('page', 'p')).toBe(true);
      expect(reads).not.toHaveBeenCalled();
      unchanged.close();
      // Without stamps (a manifest of an older build), or once the segment was written again (same length, its
      // times put back): the entry is read and its hash checked, so the damage is found.
      expect(open({}).hasParts('page', 'p')).toBe(true);
      expect(reads).toHaveBeenCalled();
      const { atime, mtime } = fs.statSync(seg);
      fs.writeFileSync(seg, Buffer.from(fs.readFileSync(seg).toString('latin1').replace('kept', 'lost'), 'latin1'));
      fs.utimesSync(seg, atime, mtime);
      expect(open(stamps).hasParts('page', 'p')).toBe(false);
    } finally {
      reads.mockRestore();
    }
  });
});
