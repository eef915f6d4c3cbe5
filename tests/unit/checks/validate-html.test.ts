/** The HTML validation over a built site: each page's problems under its own name, with one configuration shared. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateSite } from '../../../scripts/validate-html.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-validate-html-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

describe('validate-html', () => {
  it('names each page with its own problems, before and after a clean page', async () => {
    fs.mkdirSync(path.join(work, 'b'));
    fs.writeFileSync(path.join(work, 'a.html'), page('<main><p id="x">a</p><p id="x">b</p></main>'));
    fs.writeFileSync(path.join(work, 'b/index.html'), page('<main><p>fine</p></main>'));
    fs.writeFileSync(path.join(work, 'c.html'), page('<nav><p>one</p></nav><nav><p>two</p></nav><main></main>'));
    const { pages, problems } = await validateSite(work);
    expect(pages).toBe(3);
    expect(problems.filter((p) => p.startsWith(path.join(work, 'a.html')))).toEqual([
      expect.stringMatching(/no-dup-id: Duplicate ID "x"/),
    ]);
    expect(problems.some((p) => p.startsWith(path.join(work, 'b/index.html')))).toBe(false);
    expect(problems.filter((p) => p.startsWith(path.join(work, 'c.html'))).join('\n')).toMatch(/unique-landmark/);
  });
});
