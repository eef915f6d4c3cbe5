/**
 * When `check --signatures` may leave the engine alone: the recorded file (signatures.json) is what the prober
 * found on the engine, so while neither the engine (its version and the bytes of its package), nor the prober's
 * code, nor the documented arities it reads, nor the file has changed since a probe last matched the file, a new
 * probe would find the file again (the same 11,000 calls, six minutes of one core). The stamp
 * (signatures-probed.json) keeps a hash of those inputs and one of the file as that probe found it; a change of
 * either runs the whole probe again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { documentedArities } from './documented.ts';
import { SIGNATURES_FILE } from './store.ts';

export const PROBE_STAMP_FILE = 'content/catalogue/signatures-probed.json';

/** Where the prober's code starts; every module they import (transitively, within the project) counts too. */
const PROBER_ENTRIES = ['src/examples/signatures/record.ts', 'src/examples/signatures/store.ts'];
/** Read as they are, without following imports: the engine's side of the bridge, and the command that compares. */
const PROBER_OWN = ['src/examples/engine.py', 'src/examples/cli.ts'];

export interface ProbeStamp {
  /** The engine's version, for the reader of the file. */
  engine: string;
  /** Hash of the engine's package files, the prober's code and the documented arities. */
  inputs: string;
  /** Hash of signatures.json as the probe found it. */
  recorded: string;
}

const sha = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** The prober's source files, project-relative and sorted: the entries and every relative import they reach. */
export function proberFiles(projectRoot: string): string[] {
  const seen = new Set<string>();
  const visit = (rel: string) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    const text = fs.readFileSync(path.join(projectRoot, rel), 'utf8');
    for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g))
      visit(path.posix.join(path.posix.dirname(rel), m[1]!));
  };
  for (const entry of PROBER_ENTRIES) visit(entry);
  return [...seen, ...PROBER_OWN].sort();
}

/** Every file under a folder (compiled Python caches left out), relative and sorted. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.split(path.sep).includes('__pycache__'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The stamp a probe would leave now: the engine given by its version and the folder of its package. */
export function currentStamp(projectRoot: string, engine: { version: string; packageDir: string }): ProbeStamp {
  const parts = [`engine ${engine.version}`];
  for (const f of filesUnder(engine.packageDir))
    parts.push(`engine file ${f} ${sha(fs.readFileSync(path.join(engine.packageDir, f)))}`);
  for (const f of proberFiles(projectRoot))
    parts.push(`prober ${f} ${sha(fs.readFileSync(path.join(projectRoot, f)))}`);
  const arities = [...documentedArities(projectRoot)].sort(([a], [b]) => a.localeCompare(b));
  parts.push(`arities ${JSON.stringify(arities)}`);
  const file = path.join(projectRoot, SIGNATURES_FILE);
  return {
    engine: engine.version,
    inputs: sha(parts.join('\n')),
    recorded: fs.existsSync(file) ? sha(fs.readFileSync(file)) : '',
  };
}

export function readStamp(projectRoot: string): ProbeStamp | undefined {
  try {
    const s = JSON.parse(fs.readFileSync(path.join(projectRoot, PROBE_STAMP_FILE), 'utf8')) as Partial<ProbeStamp>;
    return typeof s.engine === 'string' && typeof s.inputs === 'string' && typeof s.recorded === 'string'
      ? { engine: s.engine, inputs: s.inputs, recorded: s.recorded }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the last probe that matched the file had these inputs and found this file. */
export function stampHolds(projectRoot: string, now: ProbeStamp): boolean {
  const then = readStamp(projectRoot);
  return !!then && !!now.recorded && then.inputs === now.inputs && then.recorded === now.recorded;
}

/** Keeps the stamp of a probe that matched the file (written only when it changed, so a check leaves git clean). */
export function writeStamp(projectRoot: string, stamp: ProbeStamp): boolean {
  const then = readStamp(projectRoot);
  if (then && then.inputs === stamp.inputs && then.recorded === stamp.recorded && then.engine === stamp.engine)
    return false;
  fs.writeFileSync(path.join(projectRoot, PROBE_STAMP_FILE), `${JSON.stringify(stamp, null, 1)}\n`);
  return true;
}
