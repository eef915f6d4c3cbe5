/**
 * A pasted message, or a phrase, found word for word in a page's body: the runs of the query's words that stand
 * together in a body (`body-proximity.ts`), kept where they are rare, and the two ways a message names its page
 * when no page quotes it whole: the error it names with its code (`error-code.ts`) and the function it calls
 * (`called-function.ts`). Split from search-rank.ts, which scores what these find.
 */
import type { FieldIndex } from './search-fields.ts';
import { STOP_WORDS, stem, words, type QueryTerm } from './search-text.ts';
import { PHRASE_GAP, PHRASE_MIN_WORDS, phraseRun, unplacedBefore } from './body-proximity.ts';
import { namedErrors } from './error-code.ts';
import { calledPages } from './called-function.ts';

/**
 * A word on at most this many pages (field or body) is a name of its own: an error name, a code, a rare term.
 * Found in a page's body, it says what the page is about as much as its summary would.
 */
export const RARE_PAGES = 3;

const NONE: ReadonlySet<number> = new Set();

/**
 * The query's words that stand together, in order, in a page's body, for the pages holding the heaviest such run
 * when it is rare: at most `RARE_PAGES` pages hold it. A phrase many pages use (a tutorial's "load a file from a
 * stage") says nothing about which page is meant; a message that one page prints does.
 */
export function rarePhraseRuns(
  where: readonly Map<number, readonly number[]>[],
  weights: number[],
  room: readonly number[] = [],
): Map<number, number[]> {
  const found = new Map<number, number>();
  for (const at of where) for (const d of at.keys()) found.set(d, (found.get(d) ?? 0) + 1);
  const runs: { d: number; terms: number[]; weight: number }[] = [];
  for (const [d, count] of found) {
    if (count < PHRASE_MIN_WORDS) continue;
    const terms = phraseRun(
      where.map((at) => at.get(d)),
      weights,
      PHRASE_GAP,
      room,
    );
    if (terms.length >= PHRASE_MIN_WORDS)
      runs.push({ d, terms, weight: terms.reduce((a, t) => a + (weights[t] ?? 0), 0) });
  }
  const out = new Map<number, number[]>();
  // Only the heaviest run counts: a page quoting less of the message ("engine type MEMORY", on the engine's page)
  // prints another sentence than the page quoting all of it ("engine type MEMORY, does not support UPDATE").
  const heaviest = runs.reduce((a, r) => Math.max(a, r.weight), 0);
  for (const r of runs)
    if (r.weight >= heaviest - 1e-9 && runs.filter((o) => o.weight >= r.weight - 1e-9).length <= RARE_PAGES)
      out.set(r.d, r.terms);
  return out;
}

/** What a query's runs found: each page's run (the query words it holds in order), and why. */
export interface MessageRuns {
  runs: Map<number, number[]>;
  /** Pages explaining the error a message names by name and code, which no page quotes. */
  errorDocs: Map<number, number[]>;
  /** Pages of a function the message calls (`to_date(...)`), put first among the pages quoting it. */
  called: ReadonlySet<number>;
}

/**
 * The runs of a query: `heard` says which query words some page's body prints (looked up and found), the ones a
 * run may not step over; `where` holds each word's positions per page.
 */
export function messageRuns(
  query: string,
  terms: QueryTerm[],
  heard: readonly boolean[],
  where: readonly Map<number, readonly number[]>[],
  weights: number[],
  index: FieldIndex,
): MessageRuns {
  const stems = terms.map((t) => t.stem);
  const typedWords = words(query).filter((w) => !STOP_WORDS.has(w));
  const room = unplacedBefore(typedWords, stems, heard, stem);
  const runs = rarePhraseRuns(where, weights, room);
  // A message no page quotes, naming its error (`UnknownFunction. Code: 1008`): the words naming it count as a run
  // on the page explaining the error.
  const errorDocs = runs.size ? new Map<number, number[]>() : namedErrors(query, terms, index.errorPages);
  for (const [d, named] of errorDocs) runs.set(d, named);
  // Of the pages quoting a message, the page of a function it calls (`to_date(...)`) is put first, though it
  // quotes less of the message than another.
  const called = runs.size ? calledPages(query, index.functionNamePages) : NONE;
  for (const d of called) {
    const run = runs.has(d)
      ? []
      : phraseRun(
          where.map((at) => at.get(d)),
          weights,
          PHRASE_GAP,
          room,
        );
    if (run.length >= PHRASE_MIN_WORDS) runs.set(d, run);
  }
  return { runs, errorDocs, called };
}
