/**
 * Pages whose Markdown would take the parser seconds to minutes (thousands of "[" or emphasis markers in one
 * paragraph, containers nested hundreds deep, megabytes of text) are refused at once, naming file and line;
 * a page just inside every limit builds in seconds. Inputs are generated.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/build/load-site.ts';
import { ContentErrors } from '../../../src/content/errors.ts';
import { MAX_PAGE_BYTES } from '../../../src/content/page-limits.ts';
import { scanContent, type CheckedMemo } from '../../../src/content/scan.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const HEAD = '---\ntitle: Generated\ndescription: A generated page.\n---\n\n'; // the body starts on line 6

/** Builds a tree of one page with this body; the errors it gives (none when it builds) and the CPU seconds it took. */
async function build(body: string): Promise<{ errors: string[]; cpu: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-limits-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'page.md'), HEAD + body);
  const start = process.cpuUsage();
  let errors: string[] = [];
  try {
    await loadSite({ projectRoot: root, contentDir: dir, withDates: false });
  } catch (err) {
    if (!(err instanceof ContentErrors)) throw err;
    errors = err.errors.map((e) => e.message);
  }
  const used = process.cpuUsage(start);
  return { errors, cpu: (used.user + used.system) / 1e6 };
}

const fill = (block: string, bytes: number) => block.repeat(Math.floor(bytes / Buffer.byteLength(block)));

describe('page limits', () => {
  it('refuses 30,000 "[" in a paragraph at once', async () => {
    const { errors, cpu } = await build('['.repeat(30_000) + '\n');
    expect(errors).toEqual([
      expect.stringMatching(/page\.md:6: line 6 holds more than 256 "\[" outside code: split it with blank lines/),
    ]);
    expect(cpu).toBeLessThan(2);
  });

  it('refuses a paragraph of thousands of emphasis markers', async () => {
    const { errors } = await build('*a_'.repeat(5_000) + '\n');
    expect(errors).toEqual([
      expect.stringMatching(
        /page\.md:6: line 6 holds more than 256 emphasis markers \(runs of \*, _ or ~ outside code\)/,
      ),
    ]);
  });

  it('refuses containers nested too deep, at the opening past the limit', async () => {
    const { errors, cpu } = await build(':::note\n'.repeat(500) + 'text\n' + ':::\n'.repeat(500));
    expect(errors).toEqual([expect.stringMatching(/page\.md:14: ":::" containers nested 9 deep: at most 8/)]);
    expect(cpu).toBeLessThan(2);
  });

  it('refuses a page over the size limit', async () => {
    const { errors } = await build(fill('Plain words in a long page.\n\n', 2 * 1024 * 1024));
    expect(errors).toEqual([
      expect.stringMatching(/page\.md:1: the page is 2048 KB: at most 128 KB \(split it into several pages\)/),
    ]);
  });

  it('refuses thousands of list items, quoted lines or footnotes, and hundreds of items nested in others', async () => {
    expect((await build('- item\n'.repeat(3_000))).errors).toEqual([
      expect.stringMatching(
        /page\.md:1006: more than 1000 list items, quoted lines and footnote definitions on the page: use a table or several pages/,
      ),
    ]);
    expect((await build('> a\n> > b\n\n'.repeat(1_000))).errors).toEqual([
      expect.stringMatching(/page\.md:1506: more than 1000 list items, quoted lines/),
    ]);
    expect((await build('x[^a]\n\n[^a]: y\n\n'.repeat(2_000))).errors).toEqual([
      expect.stringMatching(/page\.md:4008: more than 1000 list items, quoted lines/),
    ]);
    expect((await build('- a\n  - b\n'.repeat(5_000))).errors).toEqual([
      expect.stringMatching(/page\.md:407: more than 200 list items nested in other list items on the page/),
    ]);
  });

  it('counts each list item as a paragraph of its own', async () => {
    expect((await build('## Tasks\n\n' + '- [ ] a [task](#tasks)\n'.repeat(400))).errors).toEqual([]);
  });

  it('counts nothing inside code', async () => {
    const { errors } = await build('```text\n' + '['.repeat(2_000) + '\n```\n\nSee `' + '*'.repeat(2_000) + '`.\n');
    expect(errors).toEqual([]);
  });

  // A few seconds of CPU, idle or busy; markers the parser backtracks over would take minutes. The bound is loose on
  // purpose: it is there to catch backtracking, and a bound of 5 s failed on a slower machine under load (5.1 s).
  it('builds a page just inside every limit, in well under twenty seconds of CPU', async () => {
    const block =
      '*a_'.repeat(120) +
      '\n' +
      '[x'.repeat(120) +
      '\n\n:::::note\n::::tabs\n:::tab{label="A"}\nx\n:::\n::::\n:::::\n\n';
    const { errors, cpu } = await build(fill(block, MAX_PAGE_BYTES - 1024));
    expect(errors).toEqual([]);
    expect(cpu).toBeLessThan(20);
  });
});

describe('checks kept between builds', () => {
  it('are not run again on a text that passed them; a changed text is checked', () => {
    const passed = new Set<string>();
    const calls = { has: 0, add: 0 };
    const memo: CheckedMemo = {
      has: (check, text) => (calls.has++, passed.has(`${check}\0${text}`)),
      add: (check, text) => (calls.add++, passed.add(`${check}\0${text}`)),
    };
    const content = fs.mkdtempSync(path.join(os.tmpdir(), 'checked-'));
    dirs.push(content);
    fs.cpSync(path.join(root, 'tests/fixtures/good'), content, { recursive: true });
    scanContent(content, root, undefined, memo);
    // Every page and the SVG passed, once each.
    expect(calls.add).toBe(passed.size);
    expect(calls.add).toBeGreaterThan(5);
    const first = calls.add;
    scanContent(content, root, undefined, memo);
    expect(calls.add).toBe(first);
    fs.appendFileSync(path.join(content, '01-guide/20-second.md'), `\n${'>'.repeat(40)} deep\n`);
    expect(() => scanContent(content, root, undefined, memo)).toThrow(/blockquotes nested 40 deep/);
  });
});
