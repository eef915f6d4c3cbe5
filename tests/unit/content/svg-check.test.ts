/** Every SVG the content publishes passes the drawing-only check, so the allow-list does not refuse real drawings. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { svgProblem } from '../../../src/content/svg-check.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const svgs = (fs.readdirSync(path.join(root, 'content/doc'), { recursive: true }) as string[])
  .filter((f) => f.endsWith('.svg'))
  .map((f) => path.join('content/doc', f));

describe('SVG allow-list', () => {
  it('finds the content SVGs', () => expect(svgs.length).toBeGreaterThan(0));
  it.each(svgs)('%s is drawing only', (file) => {
    expect(svgProblem(fs.readFileSync(path.join(root, file), 'utf8'))).toBeUndefined();
  });
  it('keeps references inside the file', () => {
    const svg = (body: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">\n${body}\n</svg>`;
    expect(svgProblem(svg('<rect id="a"/><use xlink:href="#a" fill="url(#g)"/>'))).toBeUndefined();
    expect(svgProblem(svg('<rect fill="url(https://example.com/p.svg#g)"/>'))?.reason).toMatch(
      /external reference \(fill=/,
    );
    expect(svgProblem(svg('<rect style="fill:red"/>'))?.reason).toMatch(
      /the attribute style on <rect>, which is not a drawing attribute/,
    );
    expect(svgProblem(svg('<rect width="1">'))).toMatchObject({
      line: 2,
      reason: expect.stringMatching(/not well-formed XML/),
    });
  });
});
