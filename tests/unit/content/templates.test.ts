/**
 * Page templates (src/content/templates.ts), as `scripts/check-content.ts` applies them: a good page of each kind
 * passes, a bad one fails with the line and the reason. The pages are in tests/fixtures/templates.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorSink } from '../../../src/content/errors.ts';
import { readFrontmatter } from '../../../src/content/frontmatter.ts';
import { bareUrls, checkTemplates, emptySections, type TemplateProblem } from '../../../src/content/templates.ts';
import { parseMarkdown } from '../../../src/markdown/parse.ts';

const dir = path.resolve(import.meta.dirname, '../../fixtures/templates');

/** The problems of a fixture page checked as if it were at `relPath` in the content tree. */
function problemsOf(fixture: string, relPath: string): string[] {
  const file = path.join(dir, fixture);
  const split = readFrontmatter(file, readFileSync(file, 'utf8'), new ErrorSink());
  if (!split) throw new Error(`${fixture}: bad frontmatter`);
  const tree = parseMarkdown(split.body).tree;
  const id = relPath.replace(/\.md$/, '').replace(/(^|\/)\d+-/g, '$1');
  const problems: TemplateProblem[] = [
    ...checkTemplates({ id, relPath, description: split.frontmatter.description, tree }),
    ...emptySections(tree),
  ];
  return problems.map((p) => `${p.line}: ${p.message}`);
}

describe('release page template', () => {
  it('accepts a page with a date, its sections in order and linked contributors', () => {
    expect(problemsOf('release-good.md', '80-releases/90-v9.9.0.md')).toEqual([]);
  });

  it('names each problem of a bad page with its line', () => {
    const problems = problemsOf('release-bad.md', '80-releases/91-v9.8.0.md');
    const expected: RegExp[] = [
      /^7: a release page states its release date .* in its first paragraph/,
      /^1: a release page description starts with "Released <date>:"/,
      /^13: "## Highlights" is not a release-notes section/,
      /^17: "## New contributors" comes after "## Download and deploy"/,
      /^19: a new contributor is a link to their GitHub profile/,
      /^21: "## Bug fixes" comes after "## Download and deploy"/,
      /^1: a release page needs a "## New features" or "## New features and improvements" section/,
      /^21: the section "Bug fixes" is empty/,
    ];
    for (const re of expected)
      expect(
        problems.some((p) => re.test(p)),
        `${re} not in:\n${problems.join('\n')}`,
      ).toBe(true);
    expect(problems).toHaveLength(expected.length);
  });

  it('only applies to the release pages of the release notes folder', () => {
    expect(problemsOf('release-bad.md', '80-releases/00-release-channels.md')).toEqual([
      '21: the section "Bug fixes" is empty',
    ]);
  });
});

describe('RFC page template', () => {
  it('accepts a page with the six sections in order and extra sections between them', () => {
    expect(problemsOf('rfc-good.md', '90-contributing/01-rfcs/20230101-good.md')).toEqual([]);
  });

  it('names a missing section, sections out of order and an empty section', () => {
    const problems = problemsOf('rfc-bad.md', '90-contributing/01-rfcs/20230102-bad.md');
    expect(problems).toEqual([
      expect.stringMatching(/^12: "## Motivation" comes before "## Status"/),
      expect.stringMatching(/^20: "## Alternatives" comes before "## Design"/),
      expect.stringMatching(/^1: an RFC page needs a "## Open questions" section/),
      '24: the section "Design" is empty',
    ]);
  });
});

describe('SQL function page template', () => {
  it('accepts a page of several functions, each in a `##` section with its grammar, arguments, return type and example', () => {
    expect(problemsOf('function-family-good.md', '15-sql-functions/99-sample/family.md')).toEqual([]);
  });

  it('names what each function section lacks', () => {
    expect(problemsOf('function-family-bad.md', '15-sql-functions/99-sample/family.md')).toEqual([
      '8: the function section "## ONE_FN" needs an arguments table (or the words "no arguments"), its return type ("Return type: ...")',
      '20: the function section "## TWO_FN" needs an `sql example`',
    ]);
  });

  it("asks a page without function sections for the template's sections", () => {
    expect(
      problemsOf('rfc-good.md', '15-sql-functions/99-sample/plain.md').filter((p) => p.includes('SQL function')),
    ).toEqual([
      '1: a SQL function page needs a "## Syntax" section',
      '1: a SQL function page needs a "## Arguments" or "## Parameters" section',
      '1: a SQL function page needs a "## Return type" section',
      '1: a SQL function page needs a "## Examples" section',
    ]);
  });
});

describe('bare URLs', () => {
  it('names a URL written bare in the prose, with its line, and leaves links and code alone', () => {
    const tree = parseMarkdown(
      [
        '# Setup',
        '',
        'Download it from https://databend.rs/download.',
        '',
        'Or see [the download page](https://databend.rs/download) and `http://localhost:8000`.',
        '',
        '```bash',
        'curl http://localhost:8000/v1/query',
        '```',
        '',
        '- mirror: www.example.test/databend',
        '',
      ].join('\n'),
    ).tree;
    expect(bareUrls(tree).map((p) => `${p.line}: ${p.message}`)).toEqual([
      '3: bare URL "https://databend.rs/download" in the text: link it with words that say where it goes ([the download page](https://databend.rs/download)), or write it as `code`',
      '11: bare URL "www.example.test/databend" in the text: link it with words that say where it goes ([the download page](www.example.test/databend)), or write it as `code`',
    ]);
  });
});
