/**
 * Writes (or, with --check, compares) the reference pages made from recorded data: the settings reference from
 * the engine's settings and our notes. A page differing from what its data makes fails --check, naming it.
 *
 *   npx tsx scripts/reference.ts --write
 *   npx tsx scripts/reference.ts --check
 *   npx tsx scripts/reference.ts --extract-errors [--repo DIR]   read the error codes from the engine's source at
 *        the recorded engine version (DIR: a Databend git repository, default /work/.mirror/databendlabs+databend/repo)
 */
import fs from 'node:fs';
import path from 'node:path';
import { ContentErrors } from '../src/content/errors.ts';
import { exitOnBadOptions } from '../src/build/cli-options.ts';
import { execFileSync } from 'node:child_process';
import { generatedPages } from '../src/reference/generated-pages.ts';
import { readEngineObjects } from '../src/examples/engine-objects.ts';
import {
  ENGINE_ERRORS_FILE,
  EXCEPTION_SOURCE,
  extractErrorCodes,
  type EngineErrorCodes,
} from '../src/reference/error-codes.ts';

const projectRoot = process.cwd();
const args = process.argv.slice(2);
exitOnBadOptions(
  'reference',
  args,
  { alone: ['--check', '--write', '--extract-errors'], withValue: ['--repo'] },
  'npx tsx scripts/reference.ts [--check | --write] | --extract-errors [--repo <git dir>]',
);
const write = args.includes('--write');

if (args.includes('--extract-errors')) {
  const repo =
    args[args.indexOf('--repo') + 1] && args.includes('--repo')
      ? args[args.indexOf('--repo') + 1]!
      : '/work/.mirror/databendlabs+databend/repo';
  const engine = readEngineObjects(projectRoot).engine;
  let source: string;
  try {
    source = execFileSync('git', ['-C', repo, 'show', `${engine}:${EXCEPTION_SOURCE}`], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
  } catch (err) {
    console.error(`cannot read ${EXCEPTION_SOURCE} at ${engine} from ${repo}: ${(err as Error).message}`);
    process.exit(1);
  }
  const codes = extractErrorCodes(source, `${EXCEPTION_SOURCE}@${engine}`);
  const recorded: EngineErrorCodes = { engine, source: EXCEPTION_SOURCE, codes };
  fs.writeFileSync(path.join(projectRoot, ENGINE_ERRORS_FILE), `${JSON.stringify(recorded, null, 1)}\n`);
  console.log(`${codes.length} error codes of ${engine} recorded in ${ENGINE_ERRORS_FILE}`);
  process.exit(0);
}
let pages: { source: string; markdown: string }[];
try {
  pages = generatedPages(projectRoot);
} catch (err) {
  if (!(err instanceof ContentErrors)) throw err;
  for (const e of err.errors) console.error(`  ${e.message}`);
  process.exit(1);
}
let stale = 0;
for (const page of pages) {
  const file = path.join(projectRoot, 'content/doc', page.source);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (current === page.markdown) continue;
  if (write) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page.markdown);
    console.log(`wrote content/doc/${page.source}`);
  } else {
    console.error(`content/doc/${page.source}: not what its data makes: run npx tsx scripts/reference.ts --write`);
    stale++;
  }
}
process.exit(stale ? 1 : 0);
