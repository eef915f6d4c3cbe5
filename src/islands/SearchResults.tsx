import { memo } from 'react';
import { uiStrings } from '../strings.ts';
import type { ExcerptRun, SearchHit } from './search-client.ts';

/** An excerpt as text runs: matched words marked, never markup from the index. */
function Excerpt({ runs }: { runs: ExcerptRun[] }) {
  return <>{runs.map((run, i) => (run.marked ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>))}</>;
}

/** Every result and each of its deep links is one option: the arrows walk through them in reading order. */
export function optionsOf(hits: readonly SearchHit[]): { urls: string[]; start: number[] } {
  const urls: string[] = [];
  const start: number[] = [];
  for (const hit of hits) {
    start.push(urls.length);
    urls.push(hit.url, ...hit.sub.map((s) => s.url));
  }
  return { urls, start };
}

interface ResultsProps {
  listId: string;
  hits: SearchHit[];
  /** The selected option (`optionsOf`). */
  active: number;
  /** Excerpts and deep links are in (`data-details`, for tests and the benchmark). */
  detailed: boolean;
  /** A result was opened. */
  onPick: () => void;
}

/**
 * The result list: each hit with its breadcrumbs, title, excerpt and deep links, as listbox options. Memoized: a
 * keystroke re-renders the panel (its query and status) while the list on screen stays what it was, so the rows
 * are not rendered again until new results (or the selection) arrive.
 */
export const SearchResults = memo(function SearchResults({ listId, hits, active, detailed, onPick }: ResultsProps) {
  const optionStart = optionsOf(hits).start;
  return (
    <ul
      id={listId}
      className="search-results"
      role="listbox"
      aria-label={uiStrings.searchResults}
      data-details={detailed ? 'ready' : undefined}
    >
      {hits.map((hit, i) => {
        const first = optionStart[i] ?? 0;
        return (
          <li key={`${hit.url} ${hit.title}`} role="presentation" className="search-hit" data-kind={hit.kind ?? 'page'}>
            <a
              href={hit.url}
              id={`${listId}-${first}`}
              role="option"
              aria-selected={first === active}
              tabIndex={-1}
              onClick={onPick}
            >
              {hit.crumbs ? <span className="search-hit-crumbs">{hit.crumbs}</span> : null}
              <span className="search-hit-title">
                {hit.title}
                {hit.section ? <span className="search-hit-section"> › {hit.section}</span> : null}
              </span>
              <span className="search-hit-excerpt">
                <Excerpt runs={hit.excerpt} />
              </span>
            </a>
            {hit.sub.length ? (
              <ul className="search-sub" role="presentation">
                {hit.sub.map((s, j) => (
                  <li key={s.url} role="presentation">
                    <a
                      href={s.url}
                      id={`${listId}-${first + 1 + j}`}
                      role="option"
                      aria-selected={first + 1 + j === active}
                      tabIndex={-1}
                      onClick={onPick}
                    >
                      <span className="search-sub-title">{s.title}</span>
                      <span className="search-hit-excerpt">
                        <Excerpt runs={s.excerpt} />
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
});
