import type { TocEntry } from '../markdown/headings.ts';
import { breakNames } from './break-names.tsx';
import { uiStrings } from '../strings.ts';

function TocList({ entries }: { entries: TocEntry[] }) {
  return (
    <ul className="toc-list">
      {entries.map((e) => (
        <li key={e.id} className={e.depth > 2 ? `toc-depth-${e.depth}` : undefined}>
          <a href={`#${e.id}`}>{breakNames(e.text)}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The column beside the article on wide screens: its heading only. The list is written once, in the collapsible
 * block (`TableOfContentsInline`); on a wide screen `islands/toc-place.ts` moves it here, and the TOC island
 * highlights the current heading in it.
 */
export function TableOfContentsAside({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <aside className="toc" aria-labelledby="toc-heading">
      <h2 id="toc-heading" className="toc-heading">
        {uiStrings.onThisPage}
      </h2>
    </aside>
  );
}

/**
 * The list as a collapsible block above the article (native details: no JS needed), where narrow screens and
 * readers without JavaScript find it.
 */
export function TableOfContentsInline({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className="toc-inline" data-pagefind-ignore="">
      <summary>{uiStrings.onThisPage}</summary>
      <TocList entries={entries} />
    </details>
  );
}
