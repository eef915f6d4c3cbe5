/**
 * The hint that spares a rebuild with nothing changed its early render thread (`thread-hint.ts`): the stamp a
 * build leaves holds only for the same bundle and content. An edited page, a page added or removed, a changed
 * recorded result or another bundle each starts the thread again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtBefore, contentStamp, saveStamp, stampFile } from '../../../src/build/render/thread-hint.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-thread-hint-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A content folder with a page and its results, and a cache that holds the stamp of a build of it. */
function built() {
  const root = path.join(dir, `site-${++n}`, 'doc');
  fs.mkdirSync(path.join(root, 'guide'), { recursive: true });
  fs.mkdirSync(`${root}.examples/guide`, { recursive: true });
  fs.writeFileSync(path.join(root, 'guide/a.md'), '# A\n\nText.\n');
  fs.writeFileSync(`${root}.examples/guide/a.json`, '{"examples":[]}\n');
  const file = stampFile(path.join(dir, `cache-${n}`), root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  saveStamp(file, contentStamp(root, 'b-1/render-worker.mjs'));
  const same = (bundle = 'b-1/render-worker.mjs') => builtBefore(file, contentStamp(root, bundle));
  return { root, file, same };
}

describe('the early render thread hint', () => {
  it('holds for the content and bundle the last build had', () => {
    const { same } = built();
    expect(same()).toBe(true);
  });

  it('does not hold after an edit, even one that keeps the size', () => {
    const { root, same } = built();
    const page = path.join(root, 'guide/a.md');
    fs.appendFileSync(page, 'More.\n');
    expect(same()).toBe(false);
    const b = built();
    const later = new Date(fs.statSync(path.join(b.root, 'guide/a.md')).mtimeMs + 5000);
    fs.writeFileSync(path.join(b.root, 'guide/a.md'), '# B\n\nText.\n');
    fs.utimesSync(path.join(b.root, 'guide/a.md'), later, later);
    expect(b.same()).toBe(false);
  });

  it('does not hold when a page is added or removed, or a recorded result changes', () => {
    const added = built();
    fs.writeFileSync(path.join(added.root, 'guide/b.md'), '# B\n');
    expect(added.same()).toBe(false);
    const removed = built();
    fs.rmSync(path.join(removed.root, 'guide/a.md'));
    expect(removed.same()).toBe(false);
    const results = built();
    fs.appendFileSync(`${results.root}.examples/guide/a.json`, '\n');
    expect(results.same()).toBe(false);
  });

  it('does not hold for another bundle, another content folder, or when no build left a stamp', () => {
    const { root, file, same } = built();
    expect(same('b-2/render-worker.mjs')).toBe(false);
    expect(stampFile(path.dirname(file), `${root}2`)).not.toBe(file);
    fs.rmSync(file);
    expect(same()).toBe(false);
  });
});
