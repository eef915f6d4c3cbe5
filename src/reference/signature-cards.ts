/**
 * Signature cards: on every function entry (a page whose title names an engine function, or a heading whose
 * section names one, holding an example run on the engine: the rule of `functionEntries`), a card above the
 * prose with what the engine proved (signatures, NULL behaviour, determinism) and the catalogue's facts
 * (aliases, category, the release that introduced it). A page titled by a function gets it at the top of the
 * article; a heading, right under it.
 */
import type { Element, ElementContent, Root } from 'hast';
import type { PagePlaces } from '../examples/engine-objects.ts';
import { cardsByNormalName, MAX_RETURNS, type FunctionCard } from '../examples/signatures/cards.ts';
import { MAX_SIGNATURES, type ArgumentGroup } from '../examples/signatures/argument-table.ts';
import { componentNamesNote } from '../examples/signatures/generic.ts';
import { normalName } from '../islands/name-match.ts';

const el = (
  tagName: string,
  className: string | undefined,
  children: ElementContent[],
  properties: Record<string, string> = {},
): Element => ({
  type: 'element',
  tagName,
  properties: { ...(className ? { className: [className] } : {}), ...properties },
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

/** A reason from signature-exceptions.tsv: its backtick spans (`a AND b`) are code, as in the Markdown it is written in. */
export function withCodeSpans(value: string): ElementContent[] {
  return value
    .split(/`([^`]+)`/)
    .map((part, i) => (i % 2 ? el('code', undefined, [text(part)]) : text(part)))
    .filter((node) => node.type !== 'text' || node.value !== '');
}

/** The signatures as a table by first argument (`argument-table.ts`): its type once, then a row per other arguments. */
function argumentTableElement(groups: ArgumentGroup[]): Element {
  const cell = (tag: string, value: string, properties: Record<string, string | number> = {}): Element => ({
    ...el(tag, undefined, value ? [el('code', undefined, [text(value)])] : [text('none')]),
    properties,
  });
  // A function of one argument (MAX over any type) has no other arguments to show.
  const others = groups.some((g) => g.rows.some((r) => r.rest));
  const titles = others ? ['First argument', 'Other arguments', 'Returns'] : ['Argument', 'Returns'];
  const head = el('thead', undefined, [
    el(
      'tr',
      undefined,
      titles.map((h) => el('th', undefined, [text(h)], { scope: 'col' })),
    ),
  ]);
  // A tbody per first argument: the row group its header cell names.
  const bodies = groups.map((g) =>
    el(
      'tbody',
      undefined,
      g.rows.map((r, i) =>
        el('tr', undefined, [
          ...(i === 0 ? [cell('th', g.first, { scope: 'rowgroup', rowSpan: g.rows.length })] : []),
          ...(others ? [cell('td', r.rest)] : []),
          cell('td', r.returns),
        ]),
      ),
    ),
  );
  return el('table', 'signature-table', [head, ...bodies]);
}

/** A list in words: `A`, `A and B`, `A, B and C`. */
const inWords = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Why a result that depends on the time zone is not deterministic, naming the calls it depends in where known. */
function zoneText(card: FunctionCard): string {
  const setting = "the session's time zone (the timezone setting)";
  const calls = card.zoneCalls;
  if (!calls?.depends.length) return `no: the result depends on ${setting}, not only on the arguments`;
  // The zones probed include one whose offset has changed since 1970 (zone-runs.ts), where the engine reads a DATE
  // as the evening before: a DATE form named free here was free there too.
  const free = calls.not.length
    ? `; ${inWords(calls.not)} ${calls.not.length > 1 ? 'give' : 'gives'} the same result in every time zone`
    : '';
  return `no: the result of ${inWords(calls.depends)} depends on ${setting}, not only on the arguments${free}`;
}

export function signatureCard(card: FunctionCard): Element {
  const facts: Element[] = [];
  // The space between term and value is not seen in the grid, but search excerpts read "NULL not probed", not "NULLnot probed".
  const fact = (term: string, value: ElementContent[]) =>
    facts.push(el('div', undefined, [el('dt', undefined, [text(term)]), text(' '), el('dd', undefined, value)]));
  const table = card.byArguments;
  const shown = card.signatures.slice(0, MAX_SIGNATURES);
  const rest = card.signatures.length - shown.length;
  const lines: ElementContent[] = shown.map((s) => el('li', undefined, [el('code', undefined, [text(s)])]));
  if (rest > 0) lines.push(el('li', 'signature-more', [text(`and ${rest} more type combinations`)]));
  const returns = card.returns.slice(0, MAX_RETURNS);
  const otherReturns = card.returns.length - returns.length;
  // The table gives each row's result: a list of them all would be a wall beside it.
  if (table) fact('Returns', [text('by argument types, as the table above gives')]);
  else if (returns.length)
    fact('Returns', [text(returns.join(', ') + (otherReturns > 0 ? `, and ${otherReturns} more types` : ''))]);
  // MAP_KEYS(MAP(K, V)) → ARRAY(K): what K and V stand for.
  const names = componentNamesNote(shown);
  if (names) fact('Types', [text(names)]);
  fact('NULL', [text(card.nulls.text)]);
  if (card.deterministic !== undefined)
    fact('Deterministic', [
      text(
        card.deterministic
          ? 'yes: the same arguments give the same result'
          : card.currentDate
            ? "no: the result follows the current date, so it changes from day to day, and it is that date in the session's time zone (the timezone setting)"
            : card.timeZone
              ? zoneText(card)
              : card.rowOrder
                ? 'no: the result depends on the order in which rows arrive, not only on which rows'
                : 'no: each call may give a different result',
      ),
    ]);
  if (card.aliases.length) fact('Other names', [text(card.aliases.map((a) => a.toUpperCase()).join(', '))]);
  if (card.category) fact('Category', [text(card.category)]);
  if (card.introduced)
    fact('Introduced in', [el('a', undefined, [text(card.introduced.version)], { href: card.introduced.route })]);
  const head = table
    ? argumentTableElement(table)
    : card.signatures.length
      ? el('ul', 'signature-list', lines)
      : el(
          'p',
          'signature-none',
          card.noSignature
            ? [text('No signature recorded: '), ...withCodeSpans(card.noSignature)]
            : [text('No signature recorded.')],
        );
  return el(
    'aside',
    'signature-card',
    [
      el('p', 'signature-title', [text(card.kind === 'aggregate' ? 'Aggregate signature' : 'Signature')]),
      head,
      el('dl', 'signature-facts', facts),
    ],
    {
      ariaLabel: `Signature of ${card.name.toUpperCase()}`,
    },
  );
}

/**
 * Puts the cards into a rendered body. `places` is what the body names (read before the cards go in), `title`
 * the page's. A name given twice on a page (title and heading) gets one card, at its first entry. `pageCategory`
 * is the function category of the page's folder: a page outside the folders that document functions gets no card,
 * since a heading there that spells a function's name is about something else (LEFT JOIN, the timezone setting).
 */
export function insertSignatureCards(
  body: Root,
  places: PagePlaces,
  title: string,
  cards: Readonly<Record<string, FunctionCard>>,
  pageCategory?: string,
): FunctionCard[] {
  if (pageCategory === undefined) return [];
  const done = new Set<string>();
  const byName = cardsByNormalName(cards);
  const cardsFor = (names: string[]): FunctionCard[] => {
    const out: FunctionCard[] = [];
    for (const n of names) {
      const found = byName.get(n);
      // A function the catalogue does not place is in the category of the page that documents it.
      const card = found && !found.category ? { ...found, category: pageCategory } : found;
      if (!card || done.has(card.name)) continue;
      done.add(card.name);
      for (const a of card.aliases) done.add(a);
      out.push(card);
    }
    return out;
  };
  const placed: FunctionCard[] = [];
  const titleNames = title
    .split(/\s*[,/]\s*/)
    .map(normalName)
    .filter(Boolean);
  const top = places.examples > 0 ? cardsFor(titleNames) : [];
  const byAnchor = new Map<string, FunctionCard[]>();
  for (const s of places.sections) {
    if (!s.anchor || s.examples === 0) continue;
    const found = cardsFor(s.names);
    if (found.length) byAnchor.set(s.anchor, found);
  }
  const insertAfter = (parent: Root | Element) => {
    for (let i = 0; i < parent.children.length; i++) {
      const child = parent.children[i]!;
      if (child.type !== 'element') continue;
      const id = /^h[2-6]$/.test(child.tagName) ? child.properties.id : undefined;
      const found = typeof id === 'string' ? byAnchor.get(id) : undefined;
      if (found) {
        parent.children.splice(i + 1, 0, ...found.map((c) => signatureCard(c)));
        placed.push(...found);
        i += found.length;
      } else if (child.tagName === 'section' || child.tagName === 'div') insertAfter(child);
    }
  };
  insertAfter(body);
  if (top.length) {
    body.children.unshift(...top.map((c) => signatureCard(c)));
    placed.unshift(...top);
  }
  return placed;
}
