/**
 * `npm run examples -- --coverage`: the engine's lists of functions, settings and system tables, recorded for the
 * site (search, coverage, check:content), and which of them the site documents.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type EngineBridge, engineResultOf } from './bridge.ts';
import { ENGINE_OBJECTS_FILE, engineCoverage, type EngineObjects, type NamedPages } from './engine-objects.ts';
import { readEngineResult } from './result-table.ts';

/** The engine's functions, settings and system tables (ENGINE_OBJECTS_FILE), and which of them the site documents. */
export async function recordCoverage(
  bridge: EngineBridge,
  projectRoot: string,
  model: NamedPages,
  engine: string,
): Promise<void> {
  const list = async (sql: string) => {
    const a = await bridge.request({ op: 'list', sql });
    const raw = engineResultOf(a);
    if (!raw) throw new Error(`cannot list: ${sql}: ${a.error ?? ''}`);
    return readEngineResult(raw)
      .rows.map((r) => (r[0] ?? '').replace(/^'|'$/g, ''))
      .sort();
  };
  const objects: EngineObjects = {
    engine,
    functions: await list('SELECT name FROM system.functions'),
    settings: await list('SELECT name FROM system.settings'),
    systemTables: await list("SELECT name FROM system.tables WHERE database = 'system'"),
  };
  fs.writeFileSync(path.join(projectRoot, ENGINE_OBJECTS_FILE), `${JSON.stringify(objects, null, 1)}\n`);
  for (const line of engineCoverage(model, objects)) {
    const total = line.documented.length + line.missing.length;
    console.log(
      `${line.kind}: ${line.documented.length}/${total} documented${line.documented.length ? ` (${line.documented.join(', ')})` : ''}`,
    );
  }
  console.log(`(lists recorded in ${ENGINE_OBJECTS_FILE}; the build summary reports the same figures)`);
}
