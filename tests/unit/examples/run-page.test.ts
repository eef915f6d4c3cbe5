/**
 * A page's examples when the engine process dies under one of them: the page runs once more on a fresh engine
 * (a panic seen only on a busy machine passes when run again); a second death is the page's problem.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineFailure, type EngineBridge } from '../../../src/examples/bridge.ts';
import { runPage } from '../../../src/examples/run-page.ts';
import { parseCodeMeta } from '../../../src/markdown/code-meta.ts';
import type { CodeBlockInfo } from '../../../src/markdown/render-markdown.ts';

const contentRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-run-page-'));
const block = (code: string, line: number): CodeBlockInfo => ({
  lang: 'sql',
  code,
  meta: parseCodeMeta('example').meta,
  line,
});
const blocks = [block('CREATE TABLE t (a INT)', 5), block('UPDATE t SET a = 1', 9), block('SELECT 1', 13)];

/** An engine that dies under `UPDATE` the first `deaths` times it is sent, and answers everything else. */
function dyingEngine(deaths: number) {
  const sent: string[] = [];
  let restarts = 0;
  const bridge = {
    request: (req: { op: string; sql?: string }) => {
      if (req.sql) sent.push(req.sql);
      if (req.sql?.startsWith('UPDATE') && deaths-- > 0)
        return Promise.reject(
          new EngineFailure('the engine stopped (exit 1): PanicException: entered unreachable code'),
        );
      return Promise.resolve({ ok: true });
    },
    restart: () => void restarts++,
  } as unknown as EngineBridge;
  return { bridge, sent, restarts: () => restarts };
}

afterEach(() => vi.restoreAllMocks());

describe('runPage when the engine stops', () => {
  it('runs the whole page again on a fresh engine, and a second run that passes leaves no problem', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const engine = dyingEngine(1);
    const problems: string[] = [];
    const out = await runPage(engine.bridge, contentRoot, 'page.md', blocks, problems);
    expect(problems).toEqual([]);
    expect(out.map((r) => r?.sql)).toEqual(blocks.map((b) => b.code));
    // From the top: the UPDATE may depend on the CREATE of the same page.
    expect(engine.sent).toEqual([...blocks.slice(0, 2), ...blocks].map((b) => b.code));
    expect(engine.restarts()).toBe(1);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/page\.md:9: the engine stopped .*; running page\.md again/),
    );
  });

  it('reports a page whose engine stops on both runs, with the line and the examples left unrun', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const problems: string[] = [];
    await runPage(dyingEngine(2).bridge, contentRoot, 'page.md', blocks, problems);
    expect(problems).toEqual([
      'page.md:9: the engine stopped (exit 1): PanicException: entered unreachable code',
      'page.md:13: skipped: not run after the example at line 9 stopped the engine',
    ]);
  });
});
