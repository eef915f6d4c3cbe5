import { Search } from '../islands/Search.tsx';
import type { NameKind, NameRecord } from '../islands/name-match.ts';
import { Island } from './Island.tsx';
import { uiStrings } from '../strings.ts';

const KINDS: NameKind[] = ['function', 'command', 'setting', 'system table', 'error code'];

/**
 * The search page (`/doc/search?q=`): the full result list with JavaScript, and for every reader a directory of
 * every documented name, so the page is useful with scripts off (find in page searches it).
 */
export function SearchPageBody({ names }: { names: NameRecord[] }) {
  return (
    <div className="search-page">
      <Island name="search" component={Search} props={{ mode: 'page' }} className="search-page-panel" />
      <noscript>
        <p className="search-noscript">{uiStrings.searchNoScript}</p>
      </noscript>
      <h2 id="every-documented-name">{uiStrings.searchDirectory}</h2>
      <p>{uiStrings.searchDirectoryIntro}</p>
      {KINDS.map((kind) => {
        const list = names.filter((n) => n.kind === kind).sort((a, b) => a.name.localeCompare(b.name));
        if (!list.length) return null;
        return (
          <section key={kind} aria-labelledby={`names-${kind.replace(' ', '-')}`}>
            <h3 id={`names-${kind.replace(' ', '-')}`}>
              {uiStrings.searchKinds[kind]} ({list.length})
            </h3>
            <ul className="name-directory">
              {list.map((n) => (
                <li key={`${n.name} ${n.url}`}>
                  <a href={n.url}>
                    <code>{n.name}</code>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
