import { Fragment } from 'react';
import { siteConfig, toolFilesFor } from '../site.config.ts';
import { uiStrings } from '../strings.ts';

/**
 * A pre-filled "new issue" link naming the page and its route, so a report arrives with its context. Written by
 * hand rather than by URLSearchParams: `/`, `:` and spaces as `+` keep it short and readable on every page.
 */
export function reportProblemUrl(title: string, route: string): string {
  const query = encodeURIComponent(`Docs: ${title} (${route})`)
    .replace(/%20/g, '+')
    .replace(/%2F/g, '/')
    .replace(/%3A/g, ':');
  return `${siteConfig.docsRepository}/issues/new?title=${query}`;
}

/**
 * Edit, report, last updated: what a reader can do with the page itself ("Copy page as Markdown" is added by the
 * browser bundle, `islands/page-controls.tsx`: it needs JavaScript).
 */
export function PageFooter({
  title,
  route,
  editUrl,
  lastUpdated,
}: {
  title: string;
  route: string;
  editUrl?: string;
  lastUpdated?: string;
}) {
  return (
    <footer className="page-footer">
      <ul className="page-actions">
        {editUrl ? (
          <li>
            <a href={editUrl}>{uiStrings.editPage}</a>
          </li>
        ) : null}
        <li>
          <a href={reportProblemUrl(title, route)}>{uiStrings.reportProblem}</a>
        </li>
      </ul>
      <p className="tool-links">
        {uiStrings.forTools}:{' '}
        {toolFilesFor(route).map((f, i) => (
          <Fragment key={f.file}>
            {i > 0 ? ' · ' : null}
            <a href={`/${f.file}`} title={f.description}>
              {f.file}
            </a>
          </Fragment>
        ))}
      </p>
      {lastUpdated ? (
        <p className="last-updated">
          {uiStrings.lastUpdated}: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
        </p>
      ) : null}
    </footer>
  );
}

/** A date readers everywhere read the same way: 22 November 2026 (UTC, so builds agree). */
// Made once: building a formatter costs far more than using it, and every page has a date.
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}
