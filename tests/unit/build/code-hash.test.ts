/**
 * The code keys of the build cache: a key follows the modules an output is made by, and changes with any of them,
 * even within one process that has read them before (files are read once while they stay as they were).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { codeHash, moduleClosure, sha256 } from '../../../src/build/cache/code-hash.ts';
import { bodyModules } from '../../../src/build/cache/code-keys.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-code-hash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};

describe('code keys', () => {
  it('follow relative imports (static, dynamic, CSS) and change with any module reached, not with others', () => {
    write('a.ts', "import { b } from './lib/b.ts';\nconst c = () => import('./c.tsx');\n");
    write('lib/b.ts', "export type { T } from '../t.ts';\nexport const b = 1;\n");
    write('c.tsx', "import 'react';\n");
    write('t.ts', 'export type T = 1;\n');
    write('style.css', "@import './more.css';\n");
    write('more.css', 'a {}\n');
    write('other.ts', 'export const other = 1;\n');
    const closure = moduleClosure([path.join(dir, 'a.ts'), path.join(dir, 'style.css')]);
    expect(closure.map((f) => path.relative(dir, f))).toEqual([
      'a.ts',
      'c.tsx',
      'lib/b.ts',
      'more.css',
      'style.css',
      't.ts',
    ]);
    const before = codeHash(dir, closure);
    write('other.ts', 'export const other = 2;\n');
    expect(codeHash(dir, closure)).toBe(before);
    // Same size, so only the file's time tells it changed.
    write('t.ts', 'export type T = 2;\n');
    expect(codeHash(dir, closure)).not.toBe(before);
    write('lib/b.ts', "export type { T } from '../t.ts';\nexport const b = 1;\nimport './new.ts';\n");
    write('lib/new.ts', '');
    expect(moduleClosure([path.join(dir, 'a.ts')]).map((f) => path.relative(dir, f))).toContain('lib/new.ts');
  });
});

describe('the body key', () => {
  it('covers every module the body render uses, so a changed signature card or link base renders bodies again', () => {
    const work = path.resolve('src/build/render/page-work.tsx');
    // Value imports only: a type changes no output.
    const imports = [
      ...fs.readFileSync(work, 'utf8').matchAll(/^import\s+(?!type\s)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms),
    ].map((m) => path.resolve(path.dirname(work), m[1]!));
    // The page around the body, the keys themselves and what functions.json takes of the page (the tools key
    // holds that): not part of what a body is.
    const pageOnly = ['render-page.tsx', 'pagefind-input.ts', '../page-keys.ts', 'entry-outline.ts'].map((f) =>
      path.resolve(path.dirname(work), f),
    );
    const covered = new Set(bodyModules().map((f) => path.resolve(f)));
    const missing = imports.filter((f) => !pageOnly.includes(f) && !covered.has(f));
    expect(imports.length).toBeGreaterThan(8);
    expect(missing.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });
});

describe('sha256 of parts', () => {
  it('hashes each string after its length, so a cache of keys made before stays valid and parts cannot run together', () => {
    const parts = ['code', 'guide/é.md', '# Title 𝄞\n', Buffer.from([0, 1, 2]), ''];
    const joined = createHash('sha256');
    for (const p of parts) joined.update(typeof p === 'string' ? `${p.length}:${p}` : p);
    expect(sha256(...parts)).toBe(joined.digest('hex'));
    expect(sha256('ab', 'c')).not.toBe(sha256('a', 'bc'));
  });
});
