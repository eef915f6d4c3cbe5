/** An edited page parsed by the render thread ahead of its job: used only for the very body it was parsed from. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAhead, parsedBody } from '../../../src/build/render/parse-ahead.ts';
import { readFrontmatter } from '../../../src/content/frontmatter.ts';
import { ErrorSink } from '../../../src/content/errors.ts';
import { parseMarkdown } from '../../../src/markdown/parse.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-ahead-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const page = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
/** The body as the build's scan gives it to the page's job. */
const bodyOf = (file: string) => readFrontmatter(file, fs.readFileSync(file, 'utf8'), new ErrorSink())!.body;

const TEXT =
  '---\ntitle: Arrays\ndescription: Array functions.\n---\n\n# Arrays\n\n## ARRAY_SORT\n\nSorts.\n\n```sql\nSELECT 1;\n```\n';

describe('parse ahead', () => {
  it('hands the tree parsed ahead to the job of the same body once, the tree a parse of that body gives', () => {
    const file = page('arrays.md', TEXT);
    parseAhead([file]);
    const first = parsedBody(bodyOf(file));
    expect(first.ahead).toBe(true);
    expect(first.parsed).toEqual(parseMarkdown(bodyOf(file)));
    // Rendering changes the tree: a second job of the same body parses it again.
    expect(parsedBody(bodyOf(file)).ahead).toBe(false);
  });

  it('parses the body the job has when the page changed after it was parsed ahead', () => {
    const file = page('edited.md', TEXT);
    parseAhead([file]);
    fs.writeFileSync(file, TEXT.replace('Sorts.', 'Sorts an array.'));
    const job = parsedBody(bodyOf(file));
    expect(job.ahead).toBe(false);
    expect(job.parsed.tree).toEqual(parseMarkdown(bodyOf(file)).tree);
    expect(JSON.stringify(job.parsed.tree)).toContain('Sorts an array.');
  });

  it('skips a page gone or without frontmatter', () => {
    const bare = page('bare.md', '# No frontmatter\n');
    expect(() => parseAhead([path.join(dir, 'gone.md'), bare])).not.toThrow();
    expect(parsedBody('# No frontmatter\n').ahead).toBe(false);
  });
});
