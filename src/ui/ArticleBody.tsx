import type { Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { Tabs } from '../islands/Tabs.tsx';
import { Island } from './Island.tsx';

/** Markdown HAST → React elements. Our custom element (a tab bar) becomes an island. */
export function ArticleBody({ tree }: { tree: Root }) {
  // Each tab group's ids (its tabs, its panels) are its own: the n-th group of the page is `tabs<n>-`.
  let tabGroups = 0;
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    // Alignment is already a class (no inline styles under a strict CSP).
    tableCellAlignToStyle: false,
    components: {
      // Both attributes are strings: directives.ts writes them (the labels as JSON).
      'tabs-bar': (props: { 'data-labels'?: string; 'data-group'?: string }) => {
        const labels = JSON.parse(props['data-labels'] ?? '[]') as string[];
        const group = props['data-group'];
        tabGroups += 1;
        return (
          <Island
            name="tabs"
            component={Tabs}
            props={group ? { labels, group, id: `tabs${tabGroups}` } : { labels, id: `tabs${tabGroups}` }}
            className="tabs-bar-slot"
          />
        );
      },
    },
  });
}
