/**
 * The code keys kept in the bundle's folder (`code-keys.ts`): a build from the same bundle takes them from there,
 * and a build whose keys differ for what is not in the bundle's name (`NODE_ENV`, which the assets' key holds)
 * makes its own. Each case loads the module afresh, as a new build process does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const bundle = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-code-keys-'));
const env = process.env.NODE_ENV;
afterAll(() => fs.rmSync(bundle, { recursive: true, force: true }));
afterEach(() => {
  process.env.NODE_ENV = env;
});

/** `codeKeys` as a new build process runs it, from a bundle in `bundle`. */
async function keysOfNewBuild(nodeEnv: string) {
  process.env.NODE_ENV = nodeEnv;
  vi.resetModules();
  const { codeKeys } = await import('../../../src/build/cache/code-keys.ts');
  return codeKeys(root, bundle);
}

describe('code keys kept beside the bundle', () => {
  it('are taken by the next build from that bundle, and not by one under another NODE_ENV', async () => {
    const first = await keysOfNewBuild('production');
    const [kept] = fs.readdirSync(bundle).filter((f) => f.startsWith('code-keys-'));
    expect(kept).toBeDefined();
    // Marked, to see where the next build's keys come from.
    const marked = { ...first, body: 'a'.repeat(64) };
    fs.writeFileSync(path.join(bundle, kept!), JSON.stringify(marked));
    expect(await keysOfNewBuild('production')).toEqual(marked);
    // Under another NODE_ENV the assets differ: that build hashes the sources itself.
    const development = await keysOfNewBuild('development');
    expect(development.body).toBe(first.body);
    expect(development.assets).not.toBe(first.assets);
  });

  it('are made again when the kept file is damaged', async () => {
    const first = await keysOfNewBuild('test-damaged');
    const kept = fs.readdirSync(bundle).filter((f) => f.startsWith('code-keys-'));
    for (const f of kept) fs.writeFileSync(path.join(bundle, f), '{"body": "not a hash"');
    expect(await keysOfNewBuild('test-damaged')).toEqual(first);
  });
});
