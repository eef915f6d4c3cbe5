/** The last build's manifest is untrusted input: its shape is checked before a rebuild uses it. */
import { describe, expect, it } from 'vitest';
import type { BuildCache } from '../../../src/build/cache/build-cache.ts';
import { readManifest } from '../../../src/build/cache/manifest.ts';

const meta = {
  anchors: ['syntax'],
  toc: [{ id: 'syntax', text: 'Syntax', depth: 2 }],
  queries: [['page', '/doc/sql', true]],
  styles: ['.k1{color:light-dark(#000,#fff)}'],
  assets: [],
  places: { ARRAY_SORT: [1, 2] },
};
const cacheWith = (json: unknown) => ({ readJson: () => json, file: () => 'manifest/k.json' }) as unknown as BuildCache;
const read = (json: unknown) => {
  const warnings: string[] = [];
  return { manifest: readManifest(cacheWith(json), 'k', (w) => warnings.push(w)), warnings };
};

describe('the manifest check', () => {
  it('takes a manifest of the shape builds write, its body metadata as written', () => {
    const { manifest, warnings } = read({ bodies: { 'a.md': { key: 'ab12', meta } } });
    expect(warnings).toEqual([]);
    expect(manifest.bodies['a.md']?.meta).toEqual(meta);
  });

  it.each([
    ['queries', 'not a list'],
    ['toc', { 0: 'x' }],
    ['places', ['ARRAY_SORT']],
    ['places', null],
  ])(
    'sets aside a manifest whose body %s is of the wrong shape (%j), and the build goes on without it',
    (field, value) => {
      const { manifest, warnings } = read({ bodies: { 'a.md': { key: 'ab12', meta: { ...meta, [field]: value } } } });
      expect(manifest).toEqual({ bodies: {} });
      expect(warnings.join('\n')).toMatch(
        new RegExp(`is not valid \\(bodies\\.a\\.md\\.meta\\.${field}: not an (array|object)\\)`),
      );
    },
  );
});
