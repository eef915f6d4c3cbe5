/**
 * `npm run check:content`: the content linted like code (templates, placeholders, empty sections, bare URLs,
 * SQL blocks marked, every engine function documented, operator facts, return types in the prose). The checks
 * are `checkContent` in src/build/check-content.ts; this prints its figures and problems and exits 1 on any.
 */
import { checkContent } from '../src/build/check-content.ts';
import { ContentErrors } from '../src/content/errors.ts';
import { exitOnBadOptions } from '../src/build/cli-options.ts';

exitOnBadOptions('check-content', process.argv.slice(2), {}, 'npm run check:content');
let result;
try {
  result = await checkContent(process.cwd());
} catch (err) {
  if (!(err instanceof ContentErrors)) throw err;
  console.error(
    `content check failed: the build refuses the content:\n  ${err.errors.map((e) => e.message).join('\n  ')}`,
  );
  process.exit(1);
}
for (const line of result.report) console.log(line);
if (result.problems.length) {
  const n = result.problems.length;
  console.error(`\ncontent check failed: ${n} problem${n === 1 ? '' : 's'}`);
  for (const p of result.problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(
  '\ncontent check: every page follows its template, no placeholders or bare URLs, ' +
    'every SQL block is run, a grammar or marked; every engine function has an entry',
);
