import { Fragment } from 'react';
import { CopyPage } from '../islands/CopyPage.tsx';
import { siteConfig, toolFiles } from '../site.config.ts';
import { Island } from './Island.tsx';
import { uiStrings } from '../strings.ts';

/** A pre-filled "new issue" link naming the page, so a report arrives with its context. */
export function reportProblemUrl(title: string, route: string): string {
  const params = new URLSearchParams({
    title: `Docs: problem on "${title}"`,
    body: `Page: ${siteConfig.origin}${route}\n\nWhat is wrong or missing:\n`,
    labels: 'documentation',
  });
  return `${siteConfig.docsRepository}/issues/new?${params.toString()}`;
}

/** Edit, report, copy as Markdown, last updated: what a reader can do with the page itself. */
export function PageFooter({
  title,
  route,
  editUrl,
  markdownUrl,
  lastUpdated,
}: {
  title: string;
  route: string;
  editUrl?: string;
  markdownUrl?: string;
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
        {markdownUrl ? (
          <li>
            <Island
              name="copy-page"
              component={CopyPage}
              props={{ url: markdownUrl }}
              as="span"
              className="copy-page"
            />
          </li>
        ) : null}
      </ul>
      <p className="tool-links">
        {uiStrings.forTools}:{' '}
        {toolFiles.map((f, i) => (
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
