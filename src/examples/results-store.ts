import fs from 'node:fs';
import path from 'node:path';
import type { RecordedPage } from './types.ts';

/**
 * Recorded results live beside the content, one JSON file per page: `<content>.examples/<page source>.json`
 * (content/doc → content/doc.examples), so any content tree (the fixtures too) carries its own.
 */
export function resultsDirOf(contentRoot: string): string {
  return `${contentRoot.replace(/\/+$/, '')}.examples`;
}

export function resultsFileOf(contentRoot: string, sourceRelPath: string): string {
  return path.join(resultsDirOf(contentRoot), sourceRelPath.replace(/\.md$/, '.json'));
}

export function readRecordedPage(contentRoot: string, sourceRelPath: string): RecordedPage | undefined {
  const file = resultsFileOf(contentRoot, sourceRelPath);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedPage;
}

export function writeRecordedPage(contentRoot: string, sourceRelPath: string, page: RecordedPage): void {
  const file = resultsFileOf(contentRoot, sourceRelPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${formatRecordedPage(page)}\n`);
}

/** Indented JSON with each result row on one line, so a changed row is a one-line diff. */
export function formatRecordedPage(page: RecordedPage): string {
  return JSON.stringify(page, null, 2).replace(/\[\n\s+("(?:[^"\\]|\\.)*"(?:,\n\s+"(?:[^"\\]|\\.)*")*)\n\s+\]/g, (_, items: string) => `[${items.split(/,\n\s+/).join(', ')}]`);
}
