import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { assignHeadingIds, type TocEntry } from './headings.ts';

/**
 * GitHub's Markdown without its literal autolinks: a bare `https://…` or `www.…` in prose stays text. A link on
 * this site names where it goes (`[the HTTP handler](…)`), and the autolink scanner, which looks at every word of
 * every page for a URL, was a fifth of the parsing time.
 */
function gfmWithoutAutolinks(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
}

const parser = unified().use(remarkParse).use(gfmWithoutAutolinks).use(remarkDirective);

/** First pass over a page: the syntax tree and the anchors other pages may link to. */
export interface ParsedMarkdown {
  /** The body the tree was parsed from (checks that need the text itself, such as closing fences). */
  source: string;
  tree: Root;
  anchors: Set<string>;
  toc: TocEntry[];
}

export function parseMarkdown(body: string): ParsedMarkdown {
  const tree = parser.runSync(parser.parse(body)) as Root;
  const { anchors, toc } = assignHeadingIds(tree);
  return { source: body, tree, anchors, toc };
}
