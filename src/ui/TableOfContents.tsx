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

/** The "on this page" list beside the article on wide screens; the TOC island highlights the current heading. */
export function TableOfContentsAside({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <aside className="toc" aria-labelledby="toc-heading">
      <h2 id="toc-heading" className="toc-heading">
        {uiStrings.onThisPage}
      </h2>
      <TocList entries={entries} />
    </aside>
  );
}

/** The same list as a collapsible block above the article on narrow screens (native details: no JS needed). */
export function TableOfContentsInline({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className="toc-inline" data-pagefind-ignore="">
      <summary>{uiStrings.onThisPage}</summary>
      <TocList entries={entries} />
    </details>
  );
}
