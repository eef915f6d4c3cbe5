/**
 * The search box's results as a React hook, steady while the reader types: a burst of keys searches once
 * (`TYPING_PAUSE_MS`), one search runs at a time and texts typed meanwhile are skipped, a text typed over stops
 * before its index chunks and fragments, and excerpts and deep links fill in for the first screen only (the
 * panel's `detailCount`) once the list has stood, without reordering it. A word still being typed is matched
 * without its index chunks (a preview, not the answer) until it is ended or the text stands past the reader's
 * pace (`wordPause`): a steady typist, whose every key comes after the typing pause, pays for no prefix.
 */
import { useEffect, useRef, useState } from 'react';
import type { SearchHit } from './search-client.ts';
import type { HitKind } from './search-kinds.ts';
import { searchClient } from './search-loader.ts';

export type Status = 'idle' | 'loading' | 'done' | 'unavailable';

/**
 * Keys closer together than this are one burst of typing: the search waits for the burst to end instead of
 * looking up every prefix (each costs index chunks on a phone). A key after a pause, or a pasted text, searches
 * at once.
 */
export const TYPING_PAUSE_MS = 150;
/** Shorter text is a word being started: no search, no status. */
export const MIN_QUERY = 2;

/** Gaps between keys longer than this are the reader stopping to think, not their pace. */
const THINKING_MS = 1000;
/** The pace is read from this many of the last gaps between keys. */
const PACE_KEYS = 4;
/** A text stands once it has waited this many of the reader's gaps between keys... */
const PACE_FACTOR = 1.6;
/** ...but never longer than this, so a slow typist still gets the answer soon. */
const MAX_WORD_PAUSE_MS = 600;

/** A timer this late fired on a busy page: keys typed meanwhile may still be queued. */
const LATE_MS = 50;

/** The last gaps between keys, with this one. */
export function paceAfter(gaps: readonly number[], gap: number): number[] {
  return gap < THINKING_MS ? [...gaps, gap].slice(-PACE_KEYS) : [...gaps];
}

/**
 * How long a text must stand before a word still being typed costs its index chunks, and the list its excerpts'
 * fragments: longer than the reader's gaps between keys (their median), so a steady typist (a key every 250 ms)
 * pays for no prefix; a quick one waits only the typing pause.
 */
export function wordPause(gaps: readonly number[]): number {
  const sorted = [...gaps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return Math.min(MAX_WORD_PAUSE_MS, Math.max(TYPING_PAUSE_MS, median * PACE_FACTOR));
}

export interface SearchRequest {
  query: string;
  section: string;
  kind: HitKind | '';
  limit: number;
  /** How many of the first results get excerpts and deep links (each costs its page's fragment). */
  detailed: number;
  /**
   * When the last key went down (its event's `timeStamp`): on a busy phone the keys of a burst reach the page late
   * and bunched, and the time they were typed, not handled, tells a burst from a pause.
   */
  keyAt: { current: number };
}

export interface SearchAnswers {
  hits: SearchHit[];
  status: Status;
  /** The text the results on screen answer: until it is the text in the box, a search is pending. */
  answered: string;
  /** Excerpts and deep links are in. */
  detailed: boolean;
  active: number;
  setActive: (update: (a: number) => number) => void;
  markUnavailable: () => void;
  /**
   * The answer for what is in the box now, excerpts and deep links included: Enter opens its first result, even
   * when it is pressed before the results are on screen (a fast typist never lands on an older query's result).
   */
  answer: { current: Promise<SearchHit[]> | null };
  /** Enter: the answer for the text in the box is searched now, without waiting for the text to stand. */
  searchNow: () => void;
}

/**
 * The results for the text in the box, kept steady while it is typed: the previous text's results stay on screen
 * (never "No results" while a search is pending), bursts of keys search once, and a newer text cancels what an
 * older one had not fetched yet (its index chunks and fragments).
 */
export function useSearchAnswers({
  query,
  section,
  kind,
  limit,
  detailed: detailCount,
  keyAt,
}: SearchRequest): SearchAnswers {
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [answered, setAnswered] = useState('');
  const [active, setActive] = useState(0);
  const [detailed, setDetailed] = useState(false);
  const latest = useRef(0);
  const lastChange = useRef({ at: 0, text: '' });
  const answer = useRef<Promise<SearchHit[]> | null>(null);
  const searching = useRef<Promise<unknown>>(Promise.resolve());
  const pace = useRef<number[]>([]);
  const searchNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    const q = query.trim();
    // A key typed (or erased) soon after the last one: part of a burst. A paste, or a key after a pause, is not.
    const previous = lastChange.current;
    // A change without a key since the last one (a recent search chosen, the address) counts from now.
    const now = keyAt.current > previous.at ? keyAt.current : performance.now();
    // The text as typed, spaces included: the space between two words is a key of the burst too.
    const oneKey =
      Math.abs(query.length - previous.text.length) <= 1 &&
      (query.startsWith(previous.text) || previous.text.startsWith(query));
    const burst = oneKey && now - previous.at < TYPING_PAUSE_MS;
    lastChange.current = { at: now, text: query };
    pace.current = oneKey ? paceAfter(pace.current, now - previous.at) : [];
    // One character is the start of a word, not a query: nothing to say yet (never "No results").
    if (q.length < MIN_QUERY) {
      latest.current++;
      answer.current = null;
      searchNow.current = () => undefined;
      setHits([]);
      setAnswered('');
      setStatus('idle');
      return;
    }
    const ticket = ++latest.current;
    // Pending from the keystroke on: the results of the previous text stay on screen, never "No results".
    setStatus('loading');
    let resolveAnswer: (hits: SearchHit[]) => void = () => undefined;
    let rejectAnswer: (err: unknown) => void = () => undefined;
    answer.current = new Promise<SearchHit[]>((res, rej) => {
      resolveAnswer = res;
      rejectAnswer = rej;
    });
    answer.current.catch(() => undefined);
    const current = () => ticket === latest.current;
    // How long this text must stand before a word still being typed costs its index chunks, and excerpts their
    // fragments: longer than the reader's gaps between keys, so a steady typist's prefixes cost neither.
    const pause = wordPause(pace.current);
    const standAt = now + pause;
    const typing = oneKey && !/\s$/.test(query);
    const timers: ReturnType<typeof setTimeout>[] = [];
    let final = false;
    const start = (preview: boolean) => {
      if (!current() || final) return;
      const pending = searchClient().then((c) =>
        c.search(q, {
          section: section || undefined,
          kind: kind || undefined,
          limit,
          detailed: detailCount,
          current,
          detailsAfterMs: Math.max(TYPING_PAUSE_MS, standAt - performance.now()),
          typing: preview,
        }),
      );
      pending
        .then(({ hits: found, details, final: answers }) => {
          // Answers can arrive out of order: only the newest query's results are shown.
          if (!current() || final) return;
          setHits(found);
          setActive(0);
          setDetailed(false);
          // A preview (the last word matched without its index chunks) is not the answer: still pending.
          if (!answers) {
            whenStood();
            return;
          }
          final = true;
          void details.then(resolveAnswer, rejectAnswer);
          setAnswered(q);
          setStatus('done');
          // Excerpts and deep links arrive a moment later; the order of results does not change.
          void details.then((more) => {
            if (!current()) return;
            setHits(more);
            setDetailed(true);
          });
        })
        .catch((err: unknown) => {
          rejectAnswer(err);
          if (current()) setStatus('unavailable');
        });
      return pending;
    };
    // One search at a time: keys typed while one runs (on a phone, while the index opens) wait for it, and only
    // the text in the box then is searched. The texts in between cost no index chunks and no fragments.
    const run = (preview: boolean) => {
      const next = searching.current.then(() => start(preview)).catch(() => undefined);
      searching.current = next;
    };
    const later = (fn: () => void, ms: number) => timers.push(setTimeout(fn, Math.max(0, ms)));
    // The full search once the text has stood. A page busy past that moment (the first search opens the index)
    // held the reader's next key back: it gets the pause again, from now, to arrive.
    const whenStood = () => {
      const late = performance.now() - standAt;
      if (late < 0) later(whenStood, -late);
      else if (late > LATE_MS) later(() => run(false), pause);
      else run(false);
    };
    // Enter: the answer now, chunks and all, without waiting for the text to stand.
    searchNow.current = () => {
      timers.forEach(clearTimeout);
      run(false);
    };
    const first = () => run(typing && standAt > performance.now() + 1);
    if (burst) later(first, TYPING_PAUSE_MS);
    else first();
    return () => timers.forEach(clearTimeout);
  }, [query, section, kind, limit, detailCount]);

  return {
    hits,
    status,
    answered,
    detailed,
    active,
    setActive,
    markUnavailable: () => setStatus('unavailable'),
    answer,
    searchNow: () => searchNow.current(),
  };
}
