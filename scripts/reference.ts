/**
 * Writes (or, with --check, compares) the reference pages made from recorded data: the settings reference from
 * the engine's settings and our notes. A page differing from what its data makes fails --check, naming it.
 *
 *   npx tsx scripts/reference.ts --write
 *   npx tsx scripts/reference.ts --check
 */
import fs from 'node:fs';
import path from 'node:path';
import { ContentErrors } from '../src/content/errors.ts';
import { generatedPages } from '../src/reference/generated-pages.ts';

const projectRoot = process.cwd();
const write = process.argv.includes('--write');
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
