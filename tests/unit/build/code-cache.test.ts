/**
 * The render worker's code cache (`code-cache.ts`): a second run of a bundle takes its code from the cache, and a
 * bundle whose bytes changed runs its own code, never what the cache holds, even when its length is the same (V8
 * checks a cache against the source's length only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runWithCodeCache } from '../../../src/build/render/code-cache.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-code-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const bundle = (name: string, word: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `exports.word = ${JSON.stringify(word)}; exports.dir = __dirname;\n`);
  return file;
};

describe('runWithCodeCache', () => {
  it('runs the bundle and writes a cache that the next run uses', () => {
    const file = bundle('a.cjs', 'first');
    const first = runWithCodeCache(file);
    expect(first.exports).toEqual({ word: 'first', dir });
    first.save();
    const written = fs.statSync(`${file}.v8cache`).mtimeMs;
    const second = runWithCodeCache(file);
    expect(second.exports.word).toBe('first');
    // Used, so not written again.
    second.save();
    expect(fs.statSync(`${file}.v8cache`).mtimeMs).toBe(written);
  });

  it('runs the new code of a bundle changed to other bytes of the same length, and replaces the cache', () => {
    const file = bundle('b.cjs', 'AAAA');
    const before = runWithCodeCache(file);
    before.save();
    const cache = fs.readFileSync(`${file}.v8cache`);
    bundle('b.cjs', 'BBBB');
    const after = runWithCodeCache(file);
    expect(after.exports.word).toBe('BBBB');
    after.save();
    expect(fs.readFileSync(`${file}.v8cache`).equals(cache)).toBe(false);
    expect(runWithCodeCache(file).exports.word).toBe('BBBB');
  });

  it('runs the bundle when the cache is damaged', () => {
    const file = bundle('c.cjs', 'fine');
    runWithCodeCache(file).save();
    const cache = fs.readFileSync(`${file}.v8cache`);
    fs.writeFileSync(`${file}.v8cache`, Buffer.concat([cache.subarray(0, 32), Buffer.alloc(cache.length - 32, 7)]));
    expect(runWithCodeCache(file).exports.word).toBe('fine');
  });
});
