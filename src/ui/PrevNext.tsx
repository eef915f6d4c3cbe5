import type { PageLink } from '../catalogue/types.ts';
import { uiStrings } from '../strings.ts';

/** Previous and next pages in sidebar order. */
export function PrevNext({ prev, next }: { prev?: PageLink; next?: PageLink }) {
  if (!prev && !next) return null;
  return (
    <nav className="prev-next" aria-label={uiStrings.pagination}>
      {prev ? (
        <a className="prev-next-link prev" href={prev.href} rel="prev">
          <span className="prev-next-hint">{uiStrings.previous}</span>
          <span className="prev-next-title">{prev.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="prev-next-link next" href={next.href} rel="next">
          <span className="prev-next-hint">{uiStrings.next}</span>
          <span className="prev-next-title">{next.label}</span>
        </a>
      ) : null}
    </nav>
  );
}
