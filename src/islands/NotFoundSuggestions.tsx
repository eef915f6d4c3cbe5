import { useEffect, useState } from 'react';
import { uiStrings } from '../strings.ts';
import type { SearchHit } from './search-client.ts';
import { searchClient } from './search-loader.ts';

/** The words a mistyped address was after: its last segment, separators as spaces (`to-start-of-weak`). */
export function queryFromPath(pathname: string): string {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  let text = last;
  try {
    text = decodeURIComponent(last);
  } catch {
    // A malformed escape: search the segment as it is.
  }
  return text
    .replace(/\.html?$/, '')
    .replace(/[-_.+]+/g, ' ')
    .trim();
}

/**
 * On the 404 page: the pages the search finds for the address's last segment, so a mistyped or moved link
 * still leads somewhere. Renders nothing on the server (the address is only known in the browser) or when
 * nothing matches.
 */
export function NotFoundSuggestions() {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  useEffect(() => {
    const q = queryFromPath(window.location.pathname);
    if (q.length < 2) return;
    setQuery(q);
    let live = true;
    searchClient()
      .then((c) => c.search(q, { limit: 5 }))
      .then((answer) => live && setHits(answer.hits))
      .catch(() => live && setHits([]));
    return () => {
      live = false;
    };
  }, []);
  if (hits.length === 0) return null;
  return (
    <section className="not-found-suggestions" aria-labelledby="not-found-suggestions-heading">
      <h2 id="not-found-suggestions-heading">{uiStrings.notFoundSuggestions(query)}</h2>
      <ul>
        {hits.map((hit) => (
          <li key={hit.url}>
            <a href={hit.url}>{hit.title}</a>
            {hit.crumbs ? <span className="not-found-crumbs"> · {hit.crumbs}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
