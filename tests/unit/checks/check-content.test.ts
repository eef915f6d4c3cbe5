/**
 * `npm run check:content` has tests of its own: a small project that passes (tests/fixtures/check-content), and
 * for each check one bad change to a copy of it (a page from tests/fixtures/check-content-bad, or an edit of a
 * catalogue file) that fails with exactly the problem that check names. Disable a check and its case fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../../src/build/check-content.ts';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-check-content-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A copy of the good project, changed by `change` (which gets its root); the check's problems. */
async function problemsOf(name: string, change: (root: string) => void = () => undefined): Promise<string[]> {
  const root = path.join(work, name);
  fs.cpSync(path.join(fixtures, 'check-content'), root, { recursive: true });
  change(root);
  return (await checkContent(root)).problems;
}

const doc = (root: string, rel: string) => path.join(root, 'content/doc', rel);
/** Puts a bad page of tests/fixtures/check-content-bad into the project's content. */
const addPage = (fixture: string, rel: string) => (root: string) => {
  fs.mkdirSync(path.dirname(doc(root, rel)), { recursive: true });
  fs.copyFileSync(path.join(fixtures, 'check-content-bad', fixture), doc(root, rel));
};
const edit = (root: string, rel: string, change: (text: string) => string) =>
  fs.writeFileSync(path.join(root, rel), change(fs.readFileSync(path.join(root, rel), 'utf8')));

describe('check-content', () => {
  it('passes a good project, and reports its figures', async () => {
    const root = path.join(work, 'good');
    fs.cpSync(path.join(fixtures, 'check-content'), root, { recursive: true });
    const { problems, report } = await checkContent(root);
    expect(problems).toEqual([]);
    expect(report.join('\n')).toContain('engine functions with an entry: 1/1');
    expect(report.join('\n')).toContain('1 restored');
  });

  it("finds a function page without its template's sections", async () => {
    const problems = await problemsOf('template', addPage('function-sections.md', '20-sql-functions/20-floor.md'));
    expect(problems).toEqual(
      ['"## Syntax"', '"## Arguments" or "## Parameters"', '"## Return type"', '"## Examples"'].map(
        (section) => `content/doc/20-sql-functions/20-floor.md:1: a SQL function page needs a ${section} section`,
      ),
    );
  });

  it('finds placeholder text', async () => {
    expect(await problemsOf('placeholder', addPage('placeholder.md', 'placeholder.md'))).toEqual([
      expect.stringMatching(/placeholder\.md:\d+: placeholder text "TBD"$/),
    ]);
  });

  it('finds a section with nothing in it', async () => {
    expect(await problemsOf('empty', addPage('empty-section.md', 'empty-section.md'))).toEqual([
      expect.stringMatching(/empty-section\.md:\d+: the section "Details" is empty$/),
    ]);
  });

  it('finds a bare URL in the text', async () => {
    expect(await problemsOf('bare-url', addPage('bare-url.md', 'bare-url.md'))).toEqual([
      expect.stringMatching(/bare-url\.md:\d+: bare URL "https:\/\/github\.com\/databendlabs\/databend\/releases"/),
    ]);
  });

  it('finds an SQL block that says neither how nor whether it runs', async () => {
    expect(await problemsOf('unmarked-sql', addPage('unmarked-sql.md', 'unmarked-sql.md'))).toEqual([
      expect.stringMatching(/unmarked-sql\.md:\d+: an SQL block must be `sql example`/),
    ]);
  });

  it('finds an engine function without an entry, and an exception no longer needed', async () => {
    const problems = await problemsOf('undocumented', (root) => {
      edit(root, 'content/catalogue/engine-objects.json', (t) => t.replace('["abs"]', '["abs", "floor"]'));
      fs.appendFileSync(path.join(root, 'content/catalogue/function-exceptions.tsv'), 'abs\tno reason now\n');
    });
    expect(problems).toEqual([
      expect.stringMatching(/^1 engine function has no entry .* gives no reason:\n\s+floor$/s),
      'content/catalogue/function-exceptions.tsv: "abs" has an entry now, or the engine no longer lists it: remove the line',
    ]);
  });

  it('finds an operator fact a page no longer gives', async () => {
    const problems = await problemsOf('operator-facts', (root) =>
      edit(root, 'content/doc/index.md', (t) => t.replace('`storage.type`', 'a key')),
    );
    expect(problems).toEqual([
      'content/catalogue/operator-facts.tsv:2: content/doc/index.md no longer gives `storage.type`',
    ]);
  });

  it("finds prose that gives another return type than the engine's", async () => {
    const problems = await problemsOf('prose-return', (root) =>
      edit(root, 'content/doc/20-sql-functions/10-abs.md', (t) =>
        t.replace('Returns `BIGINT UNSIGNED` for an integer.', 'Returns `VARCHAR`.'),
      ),
    );
    expect(problems).toEqual([expect.stringMatching(/10-abs\.md:\d+: ABS: the prose says it returns VARCHAR/)]);
  });
});
