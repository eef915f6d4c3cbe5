import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { assignHeadingIds, type TocEntry } from './headings.ts';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

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
