import type { Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { CopyCode } from '../islands/CopyCode.tsx';
import { Tabs } from '../islands/Tabs.tsx';
import { Island } from './Island.tsx';

/** Markdown HAST → React elements. Our two custom elements become islands. */
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
      'copy-code': () => <Island name="copy-code" component={CopyCode} props={{}} className="copy-code-slot" />,
      // Both attributes are strings: directives.ts writes them (the labels as JSON).
      'tabs-bar': (props: { 'data-labels'?: string; 'data-group'?: string }) => {
        const labels = JSON.parse(props['data-labels'] ?? '[]') as string[];
        const group = props['data-group'];
        tabGroups += 1;
        return (
          <Island
            name="tabs"
            component={Tabs}
            props={group ? { labels, group } : { labels }}
            className="tabs-bar-slot"
            idPrefix={`tabs${tabGroups}-`}
          />
        );
      },
    },
  });
}
