import type { SectionCard } from '../catalogue/types.ts';
import { uiStrings } from './strings.ts';

/** A section's pages with their descriptions, taken from the catalogue (never typed twice). */
export function SectionCards({ cards }: { cards: SectionCard[] }) {
  if (cards.length === 0) return null;
  return (
    <section className="section-cards" aria-labelledby="in-this-section">
      <h2 id="in-this-section">{uiStrings.inThisSection}</h2>
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
    </section>
  );
}
