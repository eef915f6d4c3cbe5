/**
 * The paths a cache from elsewhere may hold (manifest, search feed plan) are plain relative paths: the site writer
 * removes files by these names, and a `..`, an absolute path or a backslash would reach outside the output.
 */
import { describe, expect, it } from 'vitest';
import { isPlainRelativePath, relPath } from '../../../src/build/cache/manifest.ts';

/** The rule, written the long way: what the regular expression must agree with. */
const plain = (rel: string) =>
  rel !== '' &&
  !rel.startsWith('/') &&
  !/[\\\0]/.test(rel) &&
  rel.split('/').every((s) => s !== '' && s !== '.' && s !== '..');

describe('a plain relative path', () => {
  it('accepts paths inside a folder, and refuses every way out of it', () => {
    for (const ok of ['a', 'doc/index.html', 'a/b/c.txt', '.hidden', 'a/..b', 'a/b..', '...', 'a/.../b', 'é/ü.md'])
      expect(isPlainRelativePath(ok), ok).toBe(true);
    for (const bad of [
      '',
      '/',
      '/etc/passwd',
      '..',
      '.',
      '../x',
      'a/../b',
      'a/./b',
      'a/..',
      'a/.',
      'a//b',
      'a/',
      'a\\b',
      'a\0b',
      '..\\x',
    ])
      expect(isPlainRelativePath(bad), JSON.stringify(bad)).toBe(false);
  });

  it('agrees with the rule on many generated paths', () => {
    const parts = ['a', 'b.md', '.', '..', '', '...', '\\', '\0', '/', 'x y'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % parts.length;
    for (let i = 0; i < 20_000; i++) {
      const path = Array.from({ length: 1 + (i % 5) }, () => parts[next()]).join(i % 3 ? '/' : '');
      expect(isPlainRelativePath(path), JSON.stringify(path)).toBe(plain(path));
    }
  });

  it('is what the schema of untrusted paths checks', () => {
    expect(relPath.safeParse('doc/index.html').success).toBe(true);
    expect(relPath.safeParse('../victim.txt').success).toBe(false);
  });
});
