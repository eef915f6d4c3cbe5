/**
 * Every kind of bad input stops the build with an error naming the file and line. Each case is a small content
 * tree in tests/fixtures/bad/<case>.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/build/load-site.ts';
import { ContentErrors } from '../../../src/content/errors.ts';
import { readCatalogueRows } from '../../../src/build/coverage.ts';
import { readEngineObjects } from '../../../src/examples/engine-objects.ts';

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
  [
    'yaml-alias-bomb',
    'yaml-alias-bomb/page.md:5',
    /invalid frontmatter YAML: Excessive alias count .* \(aliases expand to more than 100 nodes: write the values out\)/,
  ],
  ['bad-keywords', 'bad-keywords/page.md:4', /keywords.*expected array/i],
  ['bad-category', 'bad-category/_category_.json:3', /postion/],
  ['duplicate-route', 'duplicate-route/b.md:4', /duplicate route \/doc\/same: also the route of .*a\.md/],
  [
    'case-routes',
    'case-routes/31-case.md:1',
    /route \/doc\/case differs only by case from \/doc\/Case, the route of .*case-routes\/30-Case\.md: on a case-insensitive disk or host one would overwrite the other/,
  ],
  ['duplicate-id', 'duplicate-id/one/twin.md:1', /duplicate id "one\/twin"/],
  ['broken-link', 'broken-link/page.md:8', /there is no page missing\.md/],
  ['broken-anchor', 'broken-anchor/page.md:8', /no heading with id "no-such-heading"/],
  ['unknown-admonition', 'unknown-admonition/page.md:8', /unknown directive ":::warning"/],
  ['unknown-directive', 'unknown-directive/page.md:8', /unknown directive "::video"/],
  ['missing-result', 'missing-result/page.md:8', /no recorded result: run `npm run examples`/],
  ['unknown-language', 'unknown-language/page.md:8', /unknown code block language "sqll"/],
  ['slug-escape', 'slug-escape/page.md:4', /frontmatter field "slug": must start with "\/" and hold segments/],
  ['id-escape', 'id-escape/page.md:4', /frontmatter field "id": must be one path segment/],
  ['symlink-asset', 'symlink-asset/img/leak.txt', /symbolic link to \/etc\/passwd: content must be real files/],
  ['svg-script', 'svg-script/img/chart.svg:3', /SVG holds the element <script>, which is not a drawing element/],
  [
    'svg-bypass',
    'svg-bypass/img/xhtml-script.svg:3',
    /SVG holds the element <h:script> in namespace http:\/\/www\.w3\.org\/1999\/xhtml/,
  ],
  [
    'svg-bypass',
    'svg-bypass/img/entity-javascript.svg:3',
    /SVG holds a link or external reference \(href="javascript:alert\(1\)" on <use>\)/,
  ],
  [
    'svg-bypass',
    'svg-bypass/img/tab-javascript.svg:3',
    /SVG holds a link or external reference \(href="java\\tscript:alert\(1\)" on <use>\)/,
  ],
  ['svg-bypass', 'svg-bypass/img/set-href.svg:3', /SVG holds the element <set>, which is not a drawing element/],
  [
    'svg-bypass',
    'svg-bypass/img/animate-values.svg:3',
    /SVG holds the element <animate>, which is not a drawing element/,
  ],
  [
    'svg-bypass',
    'svg-bypass/img/external-image.svg:3',
    /SVG holds the element <image>, which is not a drawing element/,
  ],
  ['svg-bypass', 'svg-bypass/img/style-import.svg:3', /SVG holds the element <style>, which is not a drawing element/],
  ['svg-onload', 'svg-onload/img/chart.svg:2', /SVG holds an event handler attribute/],
  ['unsafe-name', 'unsafe-name/c#sharp.md', /the name "c#sharp\.md" is not route-safe/],
  ['unsafe-name', 'unsafe-name/per cent.md', /the name "per cent\.md" is not route-safe/],
  ['invalid-utf8', 'invalid-utf8/page.md:7:16', /not valid UTF-8/],
  ['control-char', 'control-char/page.md:7:8', /control character U\+0007/],
  [
    'unclosed-admonition',
    'unclosed-admonition/page.md:8',
    /":::note" is never closed: end it with a line holding only :::/,
  ],
  ['conflicted-page', 'conflicted-page/page.md:8', /a merge conflict marker: resolve the conflict/],
  ['deep-quote', 'deep-quote/page.md:8', /blockquotes nested 20000 deep: at most 32/],
  ['conflicted-results', 'conflicted-results.examples/page.json:4', /not valid JSON.*merge conflict markers/],
  [
    'slug-search',
    'slug-search/page.md:4',
    /the route writes doc\/search\/index\.html, but the build \(\/doc\/search\) writes it too/,
  ],
  [
    'slug-md-copy',
    'slug-md-copy/copy.md:4',
    /the route writes doc\/guides\.md\/index\.html, but it needs a folder doc\/guides\.md, which .*guides\/index\.md \(its Markdown copy\) writes as a file/,
  ],
  [
    'malformed-results',
    'malformed-results.examples/page.json',
    /do not have the expected shape: examples\.0\.result\.rows/,
  ],
];

describe('bad input', () => {
  it.each(cases)('%s: names file and line', async (fixture, fileAndLine, reason) => {
    const errors = await errorsOf(fixture);
    const hit = errors.find((e) => e.includes(fileAndLine) && reason.test(e));
    expect(hit, `errors were:\n${errors.join('\n')}`).toBeDefined();
  });
});

describe('bad catalogue data', () => {
  const withCatalogue = (files: Record<string, string>, fn: (projectRoot: string) => void) => {
    const projectRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-catalogue-'));
    fs.mkdirSync(path.join(projectRoot, 'content/catalogue'), { recursive: true });
    for (const [name, text] of Object.entries(files))
      fs.writeFileSync(path.join(projectRoot, 'content/catalogue', name), text);
    try {
      fn(projectRoot);
    } finally {
      fs.rmSync(projectRoot, { recursive: true, force: true });
    }
  };
  const messageOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof ContentErrors) return err.errors.map((e) => e.message).join('\n');
      throw err;
    }
    throw new Error('no error');
  };

  it('stops on missing engine lists, naming the file and how to make it', () => {
    withCatalogue({}, (r) =>
      expect(messageOf(() => readEngineObjects(r))).toMatch(
        /^content\/catalogue\/engine-objects\.json: .*missing.*npm run examples -- --coverage/,
      ),
    );
  });
  it('stops on corrupt engine lists with the reason', () => {
    withCatalogue({ 'engine-objects.json': '{"engine": "v1", "functions": [' }, (r) =>
      expect(messageOf(() => readEngineObjects(r))).toMatch(/engine-objects\.json(:1)?: not valid JSON/),
    );
    withCatalogue({ 'engine-objects.json': '{"engine": "v1", "functions": {}}' }, (r) =>
      expect(messageOf(() => readEngineObjects(r))).toMatch(/engine-objects\.json: not the expected shape: functions/),
    );
  });
  it('stops on a missing catalogue file, or a row that does not fit the header, naming file and line', () => {
    withCatalogue({}, (r) =>
      expect(messageOf(() => readCatalogueRows(r))).toMatch(
        /^content\/catalogue\/catalogue\.tsv: the catalogue file is missing/,
      ),
    );
    withCatalogue({ 'catalogue.tsv': 'id\troute\ttitle\na\t/doc/a\tA\n<<<<<<< HEAD\nb\t/doc/b\tB\n' }, (r) =>
      expect(messageOf(() => readCatalogueRows(r))).toMatch(
        /^content\/catalogue\/catalogue\.tsv:3: 1 columns where the header has 3 \(a merge conflict marker\)/,
      ),
    );
  });
});
