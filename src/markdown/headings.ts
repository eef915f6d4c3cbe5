import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { walk } from './walk.ts';

export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

/**
 * Ids the page around the article uses (`Page.tsx`'s main and skip link, `Sidebar.tsx` with the mobile menu and
 * the sidebar loader, `TableOfContents.tsx`, `SectionCards.tsx`, `SearchPageBody.tsx`): a heading never takes one.
 */
export const PAGE_CHROME_IDS = ['content', 'sidebar', 'in-this-section', 'every-documented-name'] as const;

/**
 * Gives every heading a stable id from its text (GitHub's rule, so links written against GitHub previews keep
 * working) and returns the ids plus the h2/h3 table of contents.
 */
export function assignHeadingIds(tree: Root): { anchors: Set<string>; toc: TocEntry[] } {
  const slugger = new GithubSlugger();
  // Taken first, so a heading named "Content" becomes #content-1 as a second "Content" heading would.
  for (const id of PAGE_CHROME_IDS) slugger.slug(id);
  const anchors = new Set<string>();
  const toc: TocEntry[] = [];
  walk<Nodes>(tree, (node) => {
    if (node.type !== 'heading') return;
    const text = toString(node).trim();
    const id = slugger.slug(text);
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    anchors.add(id);
    if (node.depth === 2 || node.depth === 3) toc.push({ id, text, depth: node.depth });
  });
  return { anchors, toc };
}
