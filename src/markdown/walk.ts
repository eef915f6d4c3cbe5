import type { Node, Parent } from 'unist';

/** Returned by a visitor: the node's children are not walked. */
export const SKIP = false;

/**
 * Every node of a tree, parents before children, in document order, with its index in its parent. The visitor
 * may replace the node in its parent (the walk goes on with the next index and does not enter the replacement),
 * remove it with the nodes after it moving up (then it returns SKIP), or change the node's children (they are
 * read after it returns). unist-util-visit does the same but keeps a list of ancestors for every node; these
 * walks run over every node of every page, where that shows.
 */
export function walk<N extends Node>(
  tree: Node,
  visitor: (node: N, index: number | undefined, parent: (N & Parent) | undefined) => boolean | void,
): void {
  const go = (node: Node, index: number | undefined, parent: Parent | undefined): void => {
    if (visitor(node as N, index, parent as (N & Parent) | undefined) === SKIP) return;
    const children = (node as Partial<Parent>).children;
    if (children) for (let i = 0; i < children.length; i++) go(children[i]!, i, node as Parent);
  };
  go(tree, undefined, undefined);
}
