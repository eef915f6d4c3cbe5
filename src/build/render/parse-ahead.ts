/**
 * A rebuild's edited pages, parsed by the render thread before the build asks for them. Parsing the Markdown is
 * most of rendering an edited page, and the page's job comes only once the content is loaded; the last build's
 * search feed plan says which sources changed (`search/early-feed.ts`), so the thread, idle meanwhile, parses
 * them at once. A tree is used only for the very body it was parsed from (the job's), once (rendering changes
 * it): a wrong guess costs a parse, never a different page.
 */
import fs from 'node:fs';
import { splitFrontmatter } from '../../content/frontmatter-split.ts';
import { parseMarkdown, type ParsedMarkdown } from '../../markdown/parse.ts';

/** At most this many pages: more is an edit of many pages, which several threads render. */
export const PARSE_AHEAD_MAX = 4;

const ahead = new Map<string, ParsedMarkdown>();

/** Parses each file's body (absolute paths), kept for `parsedBody`; a file gone or without frontmatter is skipped. */
export function parseAhead(files: readonly string[]): void {
  for (const file of files.slice(0, PARSE_AHEAD_MAX)) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const body = splitFrontmatter(text)?.body;
    if (body !== undefined && !ahead.has(body)) ahead.set(body, parseMarkdown(body));
  }
}

/** The body's tree: the one parsed ahead for this very text (handed out once, `ahead`), else parsed now. */
export function parsedBody(body: string): { parsed: ParsedMarkdown; ahead: boolean } {
  const parsed = ahead.get(body);
  if (!parsed) return { parsed: parseMarkdown(body), ahead: false };
  ahead.delete(body);
  return { parsed, ahead: true };
}
