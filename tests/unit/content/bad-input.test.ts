/**
 * Every kind of bad input stops the build with an error naming the file and line. Each case is a small content
 * tree in tests/fixtures/bad/<case>.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/build/load-site.ts';
import { ContentErrors } from '../../../src/content/errors.ts';

const root = path.resolve(import.meta.dirname, '../../..');

async function errorsOf(fixture: string): Promise<string[]> {
  try {
    await loadSite({ projectRoot: root, contentDir: `tests/fixtures/bad/${fixture}`, withDates: false });
  } catch (err) {
    if (err instanceof ContentErrors) return err.errors.map((e) => e.message);
    throw err;
  }
  throw new Error(`fixture ${fixture} built without errors`);
}

const cases: [fixture: string, fileAndLine: string, reason: RegExp][] = [
  ['missing-frontmatter', 'missing-frontmatter/page.md:1', /missing frontmatter/],
  ['bad-field', 'bad-field/page.md:4', /sidebar_positon/],
  ['long-description', 'long-description/page.md:3', /description.*at most 160/],
  ['bad-yaml', 'bad-yaml/page.md:3', /invalid frontmatter YAML/],
  ['bad-keywords', 'bad-keywords/page.md:4', /keywords.*expected array/i],
  ['bad-category', 'bad-category/_category_.json:3', /postion/],
  ['duplicate-route', 'duplicate-route/b.md:4', /duplicate route \/doc\/same: also the route of .*a\.md/],
  ['duplicate-id', 'duplicate-id/one/twin.md:1', /duplicate id "one\/twin"/],
  ['broken-link', 'broken-link/page.md:8', /there is no page missing\.md/],
  ['broken-anchor', 'broken-anchor/page.md:8', /no heading with id "no-such-heading"/],
  ['unknown-admonition', 'unknown-admonition/page.md:8', /unknown directive ":::warning"/],
  ['unknown-directive', 'unknown-directive/page.md:8', /unknown directive "::video"/],
  ['missing-result', 'missing-result/page.md:8', /no recorded result: run `npm run examples`/],
  ['unknown-language', 'unknown-language/page.md:8', /unknown code block language "sqll"/],
];

describe('bad input', () => {
  it.each(cases)('%s: names file and line', async (fixture, fileAndLine, reason) => {
    const errors = await errorsOf(fixture);
    const hit = errors.find((e) => e.includes(fileAndLine) && reason.test(e));
    expect(hit, `errors were:\n${errors.join('\n')}`).toBeDefined();
  });
});
