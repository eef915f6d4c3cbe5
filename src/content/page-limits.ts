/**
 * Limits that keep every page's Markdown parse close to linear. The parser (micromark) matches emphasis markers
 * and link brackets by looking back over the ones before them in the same paragraph, nests `:::` containers by
 * re-reading their content, and spends time growing with the square of the nested list items in a page: a
 * paragraph of thousands of `*`/`_` or `[`, containers nested hundreds deep, or thousands of list items take
 * seconds to minutes, and a page of a few hundred kilobytes of ordinary prose already takes seconds. No written
 * page comes near these limits (the largest is some 36 KB, its busiest paragraph about 90 markers, 2 levels of
 * containers, 47 list items of which 3 nested); they are named in docs/authoring.md.
 */

/** Three and a half times the largest page: a longer one is a section of its own. */
export const MAX_PAGE_BYTES = 128 * 1024;
/** Admonitions and tabs inside one another (tabs in a note in tabs is 3). */
export const MAX_CONTAINER_DEPTH = 8;
/** Runs of `*`, `_` or `~` in one paragraph, outside code. */
export const MAX_EMPHASIS_MARKERS = 256;
/** `[` in one paragraph, outside code. */
export const MAX_BRACKETS = 256;
/**
 * List items, quoted lines and footnote definitions in the whole page: the parser's time grows with the square of
 * the container blocks in a document (2,000 one-line quotes took 0.7 s, 11,000 nested ones 72 s).
 */
export const MAX_CONTAINER_LINES = 1000;
/** List items inside other list items, in the whole page: the parser's cost grows with their square. */
export const MAX_NESTED_LIST_ITEMS = 200;

export interface PageLimitProblem {
  line: number;
  reason: string;
}

const FENCE_OPEN = /^\s*(`{3,}|~{3,})/;
const FENCE_CLOSE = /^\s*(`{3,}|~{3,})\s*$/;
const CONTAINER_OPEN = /^[\s>]*:{3,}[A-Za-z]/;
const CONTAINER_CLOSE = /^[\s>]*:{3,}\s*$/;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const QUOTE_OR_FOOTNOTE = /^\s*(?:>|\[\^[^\]]*\]:)/;
const CODE_SPAN = /(`+)[^`][\s\S]*?\1|(`+)/g;

/** The first limit a page's text goes past, with the line where it does, or undefined. */
export function pageLimitProblem(text: string): PageLimitProblem | undefined {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_PAGE_BYTES) {
    return {
      line: 1,
      reason: `the page is ${Math.round(bytes / 1024)} KB: at most ${MAX_PAGE_BYTES / 1024} KB (split it into several pages)`,
    };
  }
  const lines = text.split('\n');
  let fence: string | undefined;
  let depth = 0;
  let paragraphStart = 0;
  let emphasis = 0;
  let brackets = 0;
  let containerLines = 0;
  let nestedItems = 0;
  for (const [i, line] of lines.entries()) {
    if (fence !== undefined) {
      // A code fence closes with a line of the same character, at least as long.
      const close = FENCE_CLOSE.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length) fence = undefined;
      continue;
    }
    const open = FENCE_OPEN.exec(line)?.[1];
    if (open) {
      fence = open;
      continue;
    }
    if (line.trim() === '') {
      emphasis = 0;
      brackets = 0;
      paragraphStart = i + 1;
      continue;
    }
    if (CONTAINER_OPEN.test(line)) {
      depth++;
      if (depth > MAX_CONTAINER_DEPTH) {
        return { line: i + 1, reason: `":::" containers nested ${depth} deep: at most ${MAX_CONTAINER_DEPTH}` };
      }
    } else if (CONTAINER_CLOSE.test(line)) {
      depth = Math.max(0, depth - 1);
    }
    const item = LIST_ITEM.exec(line);
    if ((item || QUOTE_OR_FOOTNOTE.test(line)) && ++containerLines > MAX_CONTAINER_LINES) {
      return {
        line: i + 1,
        reason:
          `more than ${MAX_CONTAINER_LINES} list items, quoted lines and footnote definitions ` +
          `on the page: use a table or several pages`,
      };
    }
    if (item?.[1] && ++nestedItems > MAX_NESTED_LIST_ITEMS) {
      return {
        line: i + 1,
        reason:
          `more than ${MAX_NESTED_LIST_ITEMS} list items nested in other list items on the ` +
          `page: use flat lists, a table or several pages`,
      };
    }
    if (item) {
      // A list item's text is a paragraph of its own.
      emphasis = 0;
      brackets = 0;
      paragraphStart = i;
    }
    const prose = line.replace(CODE_SPAN, '');
    emphasis += prose.match(/[*_~]+/g)?.length ?? 0;
    brackets += prose.match(/\[/g)?.length ?? 0;
    const where = paragraphStart === i ? `line ${i + 1}` : `the paragraph of lines ${paragraphStart + 1}-${i + 1}`;
    if (emphasis > MAX_EMPHASIS_MARKERS) {
      return {
        line: i + 1,
        reason:
          `${where} holds more than ${MAX_EMPHASIS_MARKERS} emphasis markers (runs of *, _ ` +
          `or ~ outside code): split it with blank lines, or put names in \`code\``,
      };
    }
    if (brackets > MAX_BRACKETS) {
      return {
        line: i + 1,
        reason: `${where} holds more than ${MAX_BRACKETS} "[" outside code: split it with blank lines, or put the text in \`code\``,
      };
    }
  }
  return undefined;
}
