/**
 * The manifest's stamp (`writeManifest`, `readManifest`): the schema is skipped only for the file a build of the
 * same schema wrote, untouched since. An edit that keeps the size and sets the time back, one within the clock's
 * tick (same stamp), a file put in its place with an older time, or a stamp left by other code: each is checked
 * against the schema, and a hostile path is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildCache, fileStamp } from '../../../src/build/cache/build-cache.ts';
import { readManifest, writeManifest, type Manifest } from '../../../src/build/cache/manifest.ts';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-manifest-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const manifestWith = (file: string): Manifest => ({
  bodies: {},
  site: { dir: '/tmp/site', files: { [file]: { key: 'k', size: 1, mtimeMs: 1 } } },
});

/** A cache holding a manifest this code wrote; its file, and the warnings a read gives. */
function setUp(name: string, manifest: Manifest) {
  const cache = new BuildCache(path.join(dir, name));
  writeManifest(cache, projectRoot, 'key', manifest);
  const file = cache.file('manifest', 'key', '.json');
  const read = () => {
    const warnings: string[] = [];
    return { manifest: readManifest(cache, projectRoot, 'key', (m) => warnings.push(m)), warnings };
  };
  return { cache, file, read };
}

describe('the manifest stamp', () => {
  it('reads back a manifest as written', () => {
    const { read } = setUp('plain', manifestWith('doc/index.html'));
    expect(read()).toEqual({ manifest: manifestWith('doc/index.html'), warnings: [] });
  });

  it('checks a manifest edited in place to the same size with its time set back', () => {
    const { file, read } = setUp('edited', manifestWith('ab/victim.txt'));
    const before = fs.statSync(file);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('ab/victim.txt', '../victim.txt'));
    fs.utimesSync(file, before.atime, before.mtime);
    expect(fs.statSync(file).size).toBe(before.size);
    const { manifest, warnings } = read();
    expect(manifest).toEqual({ bodies: {} });
    expect(warnings.join('\n')).toMatch(/not valid \(site\.files\.\.\.\/victim\.txt/);
  });

  it('checks a manifest edited in place within the tick its stamp was taken in (same stamp)', () => {
    const { cache, file, read } = setUp('same-tick', manifestWith('ab/victim.txt'));
    const stampFile = cache.file('manifest-stamp', 'key', '.txt');
    const [, ...rest] = fs.readFileSync(stampFile, 'utf8').split(' ');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('ab/victim.txt', '../victim.txt'));
    // File times are as coarse as the clock's tick: a write in the tick the stamp was taken in keeps it.
    fs.writeFileSync(stampFile, [fileStamp(file), ...rest].join(' '));
    expect(read().manifest).toEqual({ bodies: {} });
  });

  it('checks a manifest replaced by a file with an older time', () => {
    const { file, read } = setUp('replaced', manifestWith('doc/index.html'));
    const other = `${file}.other`;
    fs.writeFileSync(other, JSON.stringify(manifestWith('../victim.txt')));
    fs.utimesSync(other, new Date(2000, 0, 1), new Date(2000, 0, 1));
    fs.renameSync(other, file);
    expect(read().manifest).toEqual({ bodies: {} });
  });

  it('checks a manifest whose stamp another schema left', () => {
    // Written by this code without the schema's check (as a build writes it): trusted while the stamp holds.
    const { cache, read } = setUp('schema', manifestWith('../victim.txt'));
    expect(read().manifest).toEqual(manifestWith('../victim.txt'));
    const stamp = cache.file('manifest-stamp', 'key', '.txt');
    fs.writeFileSync(stamp, fs.readFileSync(stamp, 'utf8').replace(/ \w+$/, ' 0123abcd'));
    expect(read().manifest).toEqual({ bodies: {} });
  });
});
