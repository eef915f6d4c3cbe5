import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface EngineResult {
  ok: boolean;
  output?: string;
  error?: string;
}

/** The project-local engine (`.venv`, made by scripts/setup.sh --engine), or DATABEND_PYTHON. */
export function enginePython(projectRoot: string): string {
  const fromEnv = process.env.DATABEND_PYTHON;
  if (fromEnv) return fromEnv;
  const local = path.join(projectRoot, '.venv/bin/python');
  if (fs.existsSync(local)) return local;
  throw new Error('the Databend engine is not installed: run `sh scripts/setup.sh --engine` (it makes .venv with the databend package)');
}

/** Runs every page's statements on the embedded engine, each page in a fresh session. */
export function runOnEngine(projectRoot: string, pages: { id: string; statements: string[] }[]): { engine: string; results: Map<string, EngineResult[]> } {
  const request = { pages: pages.map((p) => ({ id: p.id, blocks: p.statements.map((sql) => ({ sql })) })) };
  const proc = spawnSync(enginePython(projectRoot), [path.join(projectRoot, 'src/examples/engine.py')], {
    input: JSON.stringify(request),
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (proc.status !== 0) throw new Error(`engine bridge failed (exit ${proc.status}): ${proc.stderr}`);
  const answer = JSON.parse(proc.stdout) as { engine: string; pages: { id: string; results: EngineResult[] }[] };
  return { engine: answer.engine, results: new Map(answer.pages.map((p) => [p.id, p.results])) };
}
