import type { SectionCard } from '../catalogue/types.ts';
import { uiStrings } from '../strings.ts';
import { breakNames } from './break-names.tsx';

/** Above this many single pages, a section lists them as a table (name, summary) rather than as cards. */
export const CARD_TABLE_THRESHOLD = 12;

/**
 * A section's pages with their descriptions, taken from the catalogue (never typed twice). A long list of single
 * pages (a function category) reads best as a table of names and one-line summaries. Search skips this list: it
 * repeats other pages' titles, and the landing page would outrank the pages themselves.
 */
export function SectionCards({ cards }: { cards: SectionCard[] }) {
  if (cards.length === 0) return null;
  const asTable = cards.length > CARD_TABLE_THRESHOLD && cards.every((c) => !c.isCategory);
  return (
    <section className="section-cards" aria-labelledby="section-cards-heading" data-pagefind-ignore="">
      <h2 id="section-cards-heading">{uiStrings.inThisSection}</h2>
      {asTable ? (
        <div className="table-shade">
          <div className="table-scroll">
            <table className="section-table">
              <thead>
                <tr>
                  <th scope="col">{uiStrings.sectionTableName}</th>
                  <th scope="col">{uiStrings.sectionTableSummary}</th>
                </tr>
              </thead>
              <tbody>
                {cards.map((c) => (
                  <tr key={c.href}>
                    <td>
                      <a href={c.href}>{breakNames(c.label)}</a>
                    </td>
                    <td>{c.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : (
        <ul className="card-grid">
          {cards.map((c) => (
            <li key={c.href} className={c.isCategory ? 'card card-category' : 'card'}>
              <a href={c.href}>
                <span className="card-title">{c.label}</span>
                <span className="card-description">{c.description}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
