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
 * screen size. A long page's way back to the top rides in the same bar (`backToTop`): on a phone the bar sticks
 * under the top bar, so the arrow there never lies over the article's own controls.
 */
export function TableOfContents({ entries, backToTop }: { entries: TocEntry[]; backToTop: boolean }) {
  if (entries.length === 0) return null;
  return (
    <div className="toc-bar" data-pagefind-ignore="">
      <details className="toc-inline">
        <summary>{uiStrings.onThisPage}</summary>
        <TocList entries={entries} />
      </details>
      {backToTop ? (
        <a className="back-to-top" href="#content">
          <span className="back-to-top-label">{uiStrings.backToTop}</span>
        </a>
      ) : null}
    </div>
  );
}
