/**
 * `check --signatures` skips the six-minute probe only while nothing it depends on changed since a probe matched
 * the recorded file: any change of the engine, the prober's code (also a module it imports), the documented
 * arities or the file itself must make it probe again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  currentStamp,
  proberFiles,
  stampHolds,
  writeStamp,
  PROBE_STAMP_FILE,
} from '../../../src/examples/signatures/probe-stamp.ts';

let root: string;
const engine = () => ({ version: 'v1.2.453', packageDir: path.join(root, 'engine/databend') });
const put = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-stamp-'));
  put('src/examples/signatures/record.ts', "import { probe } from './probe.ts';\nimport '../bridge.ts';\n");
  put('src/examples/signatures/probe.ts', "export { sweep } from './family-sweep.ts';\n");
  put('src/examples/signatures/family-sweep.ts', 'export const sweep = 1;\n');
  put('src/examples/signatures/store.ts', "import { a } from '../../content/recorded.ts';\n");
  put('src/examples/signatures/cards.ts', 'not read by the probe\n');
  put('src/content/recorded.ts', 'export const a = 1;\n');
  put('src/examples/bridge.ts', 'export {};\n');
  put('src/examples/engine.py', 'print(1)\n');
  put('src/examples/cli.ts', 'export {};\n');
  put('content/catalogue/functions.tsv', 'category\tname\tsyntax\nx\tABS\tABS(<x>)\n');
  put('content/catalogue/signatures.json', '{"engine": "v1.2.453", "functions": {}}\n');
  put('engine/databend/databend.abi3.so', 'engine bytes');
  put('engine/databend/__pycache__/__init__.cpython-311.pyc', 'cache');
  writeStamp(root, currentStamp(root, engine()));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the signature probe stamp', () => {
  test('names the prober modules the probe imports, transitively, and nothing else', () => {
    expect(proberFiles(root)).toEqual([
      'src/content/recorded.ts',
      'src/examples/bridge.ts',
      'src/examples/cli.ts',
      'src/examples/engine.py',
      'src/examples/signatures/family-sweep.ts',
      'src/examples/signatures/probe.ts',
      'src/examples/signatures/record.ts',
      'src/examples/signatures/store.ts',
    ]);
  });

  test('holds while nothing changed, and is written only when it changes', () => {
    expect(fs.existsSync(path.join(root, PROBE_STAMP_FILE))).toBe(true);
    expect(stampHolds(root, currentStamp(root, engine()))).toBe(true);
    expect(writeStamp(root, currentStamp(root, engine()))).toBe(false);
    // A compiled Python cache is not the engine.
    put('engine/databend/__pycache__/__init__.cpython-311.pyc', 'another cache');
    expect(stampHolds(root, currentStamp(root, engine()))).toBe(true);
    // Nor is a function's syntax, when its number of arguments stays.
    put('content/catalogue/functions.tsv', 'category\tname\tsyntax\nx\tABS\tABS(<number>)\n');
    expect(stampHolds(root, currentStamp(root, engine()))).toBe(true);
  });

  test('fails with no stamp', () => {
    fs.rmSync(path.join(root, PROBE_STAMP_FILE));
    expect(stampHolds(root, currentStamp(root, engine()))).toBe(false);
  });

  const changes: [string, () => void][] = [
    ['the engine version', () => {}],
    ['a file of the engine package', () => put('engine/databend/databend.abi3.so', 'other engine bytes')],
    ['a prober module reached only through imports', () => put('src/examples/signatures/family-sweep.ts', '2\n')],
    ['the engine side of the bridge', () => put('src/examples/engine.py', 'print(2)\n')],
    [
      'the recorded file',
      () => put('content/catalogue/signatures.json', '{"engine": "v1.2.453", "functions": {"a": 1}}\n'),
    ],
    [
      'a documented arity',
      () => put('content/catalogue/functions.tsv', 'category\tname\tsyntax\nx\tABS\tABS(<x>, <y>)\n'),
    ],
  ];
  for (const [what, change] of changes)
    test(`fails when ${what} changed`, () => {
      change();
      const version = what === 'the engine version' ? 'v1.2.454' : 'v1.2.453';
      expect(stampHolds(root, currentStamp(root, { ...engine(), version }))).toBe(false);
    });

  test('a module the probe does not import changes nothing', () => {
    put('src/examples/signatures/cards.ts', 'changed\n');
    expect(stampHolds(root, currentStamp(root, engine()))).toBe(true);
  });
});
