/** Markdown features, rendered through the real pipeline from the good fixture tree. */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite, type SiteModel } from '../../../src/build/load-site.ts';
import { renderPageHtml } from '../../../src/build/render/render-page.tsx';
import { currentVersion } from '../../../src/catalogue/version.ts';
import { parseCodeMeta } from '../../../src/markdown/code-meta.ts';
import { resolveLanguage } from '../../../src/markdown/languages.ts';
import { pathPieces } from '../../../src/markdown/table-columns.ts';

const root = path.resolve(import.meta.dirname, '../../..');
let model: SiteModel;
const htmlOf = (route: string) => {
  const page = model.pages.find((p) => p.view.route === route);
  if (!page) throw new Error(`no page ${route}`);
  return renderPageHtml(page.view, {
    sidebar: model.catalogue.sidebar,
    version: currentVersion,
    stylesheets: ['/s.css'],
    scripts: ['/i.js'],
    themeScript: '',
    origin: 'https://example.test',
    engineVersion: 'v1.2.453',
  });
};

beforeAll(async () => {
  model = await loadSite({ projectRoot: root, contentDir: 'tests/fixtures/good', withDates: false });
});

describe('markdown pipeline', () => {
  it('renders admonitions of each kind with their title', () => {
    const html = htmlOf('/doc/guide/first');
    expect(html).toContain(
      '<div class="admonition admonition-tip" role="note"><p class="admonition-title">Before you start</p>',
    );
    expect(html).toContain('<div class="admonition admonition-note" role="note"><p class="admonition-title">Note</p>');
  });

  it('renders tab groups: a synced button bar island and labelled panels', () => {
    const html = htmlOf('/doc/guide/first');
    expect(html).toContain('<div class="tabs" data-tabs-group="lang">');
    expect(html).toMatch(
      /data-island="tabs" data-props="\{&quot;labels&quot;:\[&quot;Python&quot;,&quot;Go&quot;\],&quot;group&quot;:&quot;lang&quot;,&quot;id&quot;:&quot;tabs1&quot;\}"/,
    );
    expect(html).toContain('<div class="tab-panel" data-tab-label="Python"><p class="tab-panel-label">Python</p>');
    expect(html).toMatch(/role="tab" aria-selected="true"[^>]*>Python</);
  });

  it('highlights code at build time, with a title, and no inline styles (the copy button comes with JavaScript)', () => {
    const html = htmlOf('/doc/guide/first');
    expect(html).toContain('<figcaption class="code-block-title">databend-query.toml</figcaption>');
    expect(html).toMatch(
      /<figure class="code-block" data-language="toml"><figcaption[^>]*>[^<]*<\/figcaption><pre tabindex="0" class="shiki"><code>[^<]*<span class="k\d+">/,
    );
    expect(html).not.toMatch(/<pre><figure/);
    expect(html).not.toMatch(/copy-code/);
    expect(html).not.toMatch(/ style="/);
    expect(model.tokenCss).toMatch(/^\.k\d+\{color:light-dark\(#[0-9A-Fa-f]{6},#[0-9A-Fa-f]{6}\)\}$/m);
  });

  it('gives headings stable ids and anchor links, and lists h2/h3 in the table of contents', () => {
    const html = htmlOf('/doc/guide/first');
    expect(html).toMatch(/<h2 id="step-one">Step One<a class="heading-anchor"[^>]*href="#step-one"/);
    const page = model.pages.find((p) => p.view.route === '/doc/guide/first');
    expect(page?.view.toc).toEqual([
      { id: 'step-one', text: 'Step One', depth: 2 },
      { id: 'language-choice', text: 'Language Choice', depth: 3 },
    ]);
  });

  it('rewrites links to files and routes, keeping anchors', () => {
    const home = htmlOf('/doc/');
    expect(home).toContain('href="/doc/guide/first#step-one"');
    expect(home).toContain('href="/doc/reference"');
    expect(htmlOf('/doc/guide/second')).toContain('href="/doc/guide/first"');
  });

  it('publishes images beside the content, keeps their alt text and gives their width and height', () => {
    // With the size read from the file, so the page keeps the image's place while it loads.
    expect(htmlOf('/doc/guide/first')).toContain(
      '<img src="/assets/content/01-guide/img/box.svg" alt="A box" width="10" height="10"/>',
    );
  });

  it('renders GFM tables in a scrollable region with alignment as classes', () => {
    const html = htmlOf('/doc/guide/first');
    expect(html).toContain(
      '<div class="table-scroll" tabindex="0" role="region" aria-label="Table, Language Choice (2)"><table class="prose-1">',
    );
    expect(html).toContain('<td class="align-right">1</td>');
    // A table inside a tab panel scrolls in its own box too (a phone page must never be wider than the screen).
    expect(html).toMatch(
      /<div class="table-scroll" tabindex="0" role="region" aria-label="Table, Language Choice \(1\)"><table class="key-1 key-2"><thead><tr><th>Go type/,
    );
  });

  it('marks a column of short keys to stay on one line and a column of several words to keep room for them', () => {
    const html = htmlOf('/doc/guide/first');
    // On the table, by column: a class on every cell weighed on long tables (the REST API page had 79).
    expect(html).toContain('<table class="key-1 key-2"><thead><tr><th>Go type</th>');
    expect(html).toMatch(/<table class="prose-1"><thead><tr><th class="align-left">Name<\/th>/);
    expect(html).toContain('<td class="align-left">a</td><td class="align-right">1</td>');
    expect(html).not.toContain('col-');
  });

  it('lets a long path in a table cell break after its slashes and before a placeholder', () => {
    expect(pathPieces('s3://<bucket>/<path>/')).toEqual(['s3://', '<bucket>/', '<path>/']);
    expect(pathPieces('prefix `<catalog>.<database>.<table>`')).toEqual([
      'prefix `<catalog>.',
      '<database>.',
      '<table>`',
    ]);
    expect(pathPieces('/etc/databend/query.toml')).toEqual(['/etc/', 'databend/', 'query.toml']);
    expect(pathPieces('a short/path')).toEqual(['a short/path']);
  });

  it('keeps an option or a negative value on one line: a line may not break after its leading hyphen', () => {
    const html = htmlOf('/doc/guide/first');
    for (const word of ['-h', '--host', '-inf']) expect(html).toContain(`<code class="opt">${word}</code>`);
    // A hyphen inside a word, or an option with more after it, breaks as any code does.
    expect(html).toContain('<code>a-b</code>');
    expect(html).toContain('<code>--no-such-thing here</code>');
  });

  it('gives every scrolling region a name no other region of the page has', () => {
    const labels = [...htmlOf('/doc/reference/date-trunc').matchAll(/role="region" aria-label="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(labels).toEqual([
      'Result · 1 row, Examples (1)',
      'Result · 1 row, Examples (2)',
      'Result · 0 rows, Examples',
    ]);
  });

  it('wraps a table inside a tab panel in its own scrollable region, so a narrow screen scrolls the table, not the page', () => {
    const html = htmlOf('/doc/guide/first');
    const panel = html.slice(html.indexOf('data-tab-label="Go"'));
    expect(panel).toMatch(
      /^[^]*?<div class="table-scroll" tabindex="0" role="region" aria-label="Table, Language Choice \(1\)"><table class="key-1 key-2"><thead><tr><th>Go type<\/th>/,
    );
  });

  it("lists a generated index page's children with their descriptions", () => {
    const html = htmlOf('/doc/guide');
    expect(html).toContain('Pages that walk through a task.');
    expect(html).toMatch(
      /<a href="\/doc\/guide\/first"><span class="card-title">First Steps<\/span><span class="card-description">A guide page that uses admonitions, tabs, code titles and images.<\/span>/,
    );
  });

  it('marks the current page in the sidebar and opens only its ancestors', () => {
    const html = htmlOf('/doc/guide/second');
    expect(html).toContain('<a href="/doc/guide/second" aria-current="page">Second Steps</a>');
    expect(html).toMatch(/<a href="\/doc\/guide">Guide<\/a><details open><summary aria-label="Guide"><\/summary>/);
    // Another category with a page of its own is its link: the sidebar loader gives it a toggle.
    expect(html).toContain('<li data-sb-lazy><a href="/doc/reference/">Reference</a></li>');
  });

  it('links previous and next pages in sidebar order', () => {
    const html = htmlOf('/doc/guide/first');
    expect(html).toMatch(/href="\/doc\/guide" rel="prev"/);
    expect(html).toMatch(/href="\/doc\/guide\/second" rel="next"/);
  });

  it("shows the engine's recorded result under an example", () => {
    const html = htmlOf('/doc/guide/second');
    expect(html).toContain('<p class="example-result-label">Result · 1 row</p>');
    expect(html).toContain(
      '<table class="result-table"><thead><tr><th scope="col">1 + 1<span ' +
        'class="result-type">UInt8</span></th></tr></thead><tbody><tr><td>2</td></tr></tbody></table>',
    );
  });

  it('keeps a value with line breaks in one cell, escapes control characters, labels an empty result, shows a plan as text', () => {
    const html = htmlOf('/doc/reference/date-trunc');
    expect(html).toContain("<td>'first line\n  second line'</td><td>'a\\0b'</td>");
    expect(html).not.toContain('\u0000');
    expect(html).toMatch(
      /<p class="example-result-label">Result · 0 rows<\/p><div class="table-shade"><div class="table-scroll result-scroll"[^>]*><table class="result-table"><thead><tr><th scope="col">number<span class="result-type">UInt64<\/span><\/th><\/tr><\/thead><tbody><\/tbody>/,
    );
    expect(html).toContain(
      '<p class="example-result-label">Result · query plan</p><pre tabindex="0" ' +
        'aria-label="Result · query plan"><samp>Filter\n├── output columns: [numbers.number (#0)]',
    );
  });

  it('says in the top bar which Databend release the pages describe', () => {
    expect(htmlOf('/doc/guide/first')).toMatch(/<span class="version-label">Next · Databend v1\.2\.453<\/span>/);
  });

  it('collects code blocks with what the examples tooling needs', () => {
    const page = model.pages.find((p) => p.view.route === '/doc/guide/second');
    expect(page?.codeBlocks).toEqual([
      { lang: 'sql', code: 'SELECT 1 + 1;', meta: expect.objectContaining({ example: true }), line: 10 },
    ]);
  });
});

describe('code block options', () => {
  it('reads titles, example kinds and reasons', () => {
    expect(parseCodeMeta('example error').meta).toMatchObject({ example: true, expectError: true });
    expect(parseCodeMeta('title="a b.toml"').meta.title).toBe('a b.toml');
    expect(parseCodeMeta('norun="needs an S3 bucket"').meta.norun).toBe('needs an S3 bucket');
  });
  it('refuses unknown or contradictory options', () => {
    expect(parseCodeMeta('exmaple').errors[0]).toMatch(/unknown code block option "exmaple"/);
    expect(parseCodeMeta('error').errors[0]).toMatch(/only to an "example"/);
    expect(parseCodeMeta('example norun="x"').errors[0]).toMatch(/either/);
    expect(parseCodeMeta('norun=""').errors[0]).toMatch(/needs a reason/);
  });
  it('knows the languages the site promises', () => {
    for (const lang of [
      'sql',
      'bash',
      'shell',
      'python',
      'go',
      'javascript',
      'typescript',
      'java',
      'rust',
      'toml',
      'yaml',
      'json',
    ])
      expect(resolveLanguage(lang), lang).toBeDefined();
    expect(resolveLanguage('sqll')).toBeUndefined();
  });
});

describe('plain code (the examples tooling)', () => {
  it('reads the same code blocks as a highlighted render, and the same text in each block', async () => {
    const plain = await loadSite({
      projectRoot: root,
      contentDir: 'tests/fixtures/good',
      withDates: false,
      plainCode: true,
    });
    const blocks = (m: SiteModel) => m.pages.flatMap((p) => p.codeBlocks);
    expect(blocks(plain).filter((b) => b.meta.example).length).toBeGreaterThan(2);
    expect(blocks(plain)).toEqual(blocks(model));
    const pre = (m: SiteModel) =>
      m.pages.flatMap((p) => {
        const out: string[] = [];
        const visit = (n: unknown, inPre: boolean): void => {
          if (!n) return;
          const node = n as { type?: string; tagName?: string; value?: string; children?: unknown[] };
          if (node.type === 'text' && inPre) out.push(node.value ?? '');
          for (const c of node.children ?? []) visit(c, inPre || node.tagName === 'pre');
        };
        visit(p.view.body, false);
        return out.join('');
      });
    expect(pre(plain)).toEqual(pre(model));
    expect(JSON.stringify(plain.pages.map((p) => p.view.body))).not.toContain('shiki');
  });
});
