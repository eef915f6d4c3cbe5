import type { TocEntry } from '../markdown/headings.ts';
import { breakNames } from './break-names.tsx';
import { uiStrings } from '../strings.ts';

function TocList({ entries }: { entries: TocEntry[] }) {
  return (
    <ul className="toc-list">
      {entries.map((e) => (
        <li key={e.id} className={`toc-depth-${e.depth}`}>
          <a href={`#${e.id}`}>{breakNames(e.text)}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The page's one "on this page" list: a collapsible block above the article on narrow screens (native details:
 * no JS needed), shown open beside the article on wide ones (layout.css). One list in the markup, not one per
 * screen size.
 */
export function TableOfContents({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className="toc-inline" data-pagefind-ignore="">
      <summary>{uiStrings.onThisPage}</summary>
      <TocList entries={entries} />
    </details>
  );
}
