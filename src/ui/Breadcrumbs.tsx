import type { PageLink } from '../catalogue/types.ts';
import { uiStrings } from '../strings.ts';

/** Where the page sits: docs home, then each ancestor category (linked when it has a page of its own). */
export function Breadcrumbs({ crumbs, title }: { crumbs: PageLink[]; title: string }) {
  return (
    <nav className="breadcrumbs" aria-label={uiStrings.breadcrumbs}>
      <ol>
        <li>
          <a href="/doc/">{uiStrings.home}</a>
        </li>
        {crumbs.map((c) => (
          <li key={`${c.label}:${c.href}`}>{c.href ? <a href={c.href}>{c.label}</a> : <span>{c.label}</span>}</li>
        ))}
        <li>
          <span aria-current="page">{title}</span>
        </li>
      </ol>
    </nav>
  );
}
