/**
 * What `functions.json` takes of a page's Markdown (`EntryOutline`): for the whole page and for each heading an
 * entry may point at, the text of its first paragraph and its example queries. The render thread makes it from
 * the tree it parses anyway and sends it back with the body, so a rebuild after an edit of a function's page
 * does not parse the page a second time on the main thread (a third of a second for the array functions).
 */
import type { Nodes, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parseCodeMeta } from '../../markdown/code-meta.ts';

/** A section of a page: its first paragraph's text (null without one) and its example queries, in page order. */
export interface OutlineSection {
  first: string | null;
  sqls: string[];
}

/** Sections by heading id (the first heading with that id), `''` for the whole page; rows, as a thread sends them. */
export type EntryOutline = [id: string, section: OutlineSection][];

const plain = (node: Nodes) => toString(node).replace(/\s+/g, ' ').trim();

function sectionOf(nodes: RootContent[]): OutlineSection {
  const firstParagraph = nodes.find((n) => n.type === 'paragraph');
  const sqls: string[] = [];
  const visit = (list: RootContent[]) => {
    for (const n of list) {
      if (n.type === 'code' && n.lang === 'sql' && parseCodeMeta(n.meta).meta.example) sqls.push(n.value);
      else if ('children' in n && n.type !== 'heading') visit(n.children);
    }
  };
  visit(nodes);
  return { first: firstParagraph ? plain(firstParagraph) : null, sqls };
}

/**
 * The outline of a parsed page (`parseMarkdown(body).tree`, before anything renders it): a heading's section
 * runs to the next heading of its level or above.
 */
export function entryOutline(tree: Root): EntryOutline {
  const rows: EntryOutline = [['', sectionOf(tree.children)]];
  const seen = new Set<string>(['']);
  tree.children.forEach((n, start) => {
    if (n.type !== 'heading') return;
    const id = (n.data?.hProperties as { id?: string } | undefined)?.id;
    if (!id || seen.has(id)) return;
    seen.add(id);
    const end = tree.children.findIndex((m, i) => i > start && m.type === 'heading' && m.depth <= n.depth);
    rows.push([id, sectionOf(tree.children.slice(start + 1, end < 0 ? undefined : end))]);
  });
  return rows;
}
