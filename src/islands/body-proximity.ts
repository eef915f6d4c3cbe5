/**
 * Query words that stand together in a page's body, in the order they were typed: a pasted error message, or a
 * phrase a section uses, is rare as a whole even when each of its words is common ("key list has a different size
 * from value list"). Read from the word positions Pagefind already returns for each word: no request of its own.
 */

/** Words allowed between two query words of one run, plus one: stop words and numbers the query also holds. */
export const PHRASE_GAP = 3;
/** Fewer query words in a run than this is not a phrase: two words side by side are common. */
export const PHRASE_MIN_WORDS = 4;

/**
 * The query words (their indexes) of the heaviest run in one page: words found in query order, each at most
 * `gap` positions after the previous one, plus the room the query leaves between them for words whose positions
 * are unknown (`room[t]`: how many such words the query types before word t; see `unplacedBefore`). A page
 * quoting "Duplicated table name t1 in the same FROM clause" prints its own table name where the reader's "t1" is.
 * `locations[t]` are the positions of query word t in the page (empty when the page lacks it or it was not looked
 * up). A repeated query word is one word: the run takes it once.
 */
export function phraseRun(
  locations: readonly (readonly number[] | undefined)[],
  weights: readonly number[],
  gap = PHRASE_GAP,
  room: readonly number[] = [],
): number[] {
  const events: [number, number][] = [];
  locations.forEach((locs, t) => {
    for (const l of locs ?? []) events.push([l, t]);
  });
  if (events.length < 2) return [];
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // How far after word u word t may stand: `gap`, widened by the unplaced words the query puts between them.
  const reach = (u: number, t: number) => gap + Math.max(0, (room[t] ?? 0) - (room[u] ?? 0));
  const widest = gap + Math.max(0, ...room);
  // For every position, the best run ending there: each event extends the best run that ended within reach
  // before it on an earlier query word.
  const bestAt: { pos: number; t: number; weight: number; terms: number[] }[] = [];
  let best: number[] = [];
  let bestWeight = 0;
  let from = 0;
  for (const [pos, t] of events) {
    while (from < bestAt.length && (bestAt[from]?.pos ?? 0) < pos - widest) from++;
    let prev: { weight: number; terms: number[] } | undefined;
    for (let i = from; i < bestAt.length; i++) {
      const e = bestAt[i];
      if (e && e.pos < pos && e.t < t && pos - e.pos <= reach(e.t, t) && (!prev || e.weight > prev.weight)) prev = e;
    }
    const weight = (prev?.weight ?? 0) + (weights[t] ?? 0);
    const terms = [...(prev?.terms ?? []), t];
    bestAt.push({ pos, t, weight, terms });
    if (weight > bestWeight) {
      bestWeight = weight;
      best = terms;
    }
  }
  return best;
}

/**
 * For each query word, how many words the query types before it whose positions in a page are unknown: a word no
 * page prints (the reader's own name, `t1`), or one not looked up (too short, too common). A page quoting the
 * message has something of its own in their place, so the run may leave room for them. `typed` are the query's
 * words without stop words, in order (repeats included); `placed[t]` says whether word t's positions are known.
 */
export function unplacedBefore(
  typed: readonly string[],
  stems: readonly string[],
  placed: readonly boolean[],
  stemOf: (w: string) => string,
): number[] {
  const at = typed.map(stemOf);
  let count = 0;
  const before: number[] = [];
  for (const s of at) {
    before.push(count);
    const t = stems.indexOf(s);
    if (t >= 0 && !placed[t]) count++;
  }
  return stems.map((s) => {
    const i = at.indexOf(s);
    return i < 0 ? 0 : (before[i] ?? 0);
  });
}

/**
 * The query words a page that quotes a pasted message need not hold: its particulars, which the engine fills in and
 * a page leaves out or prints as a placeholder ("table option <name> is invalid"). They are the words inside the
 * page's run that the run skips, and, when the run opens the query's text (no query word before it is found in
 * any page's body, as `heard` says: a name of the reader's own, or a word too common to look up), every word after
 * it: the engine prints fixed text first, values after ("Table columns count is not match, expect 1, input: 2").
 * A run after words some page prints is not a message's opening ("remove the root user that has no password": a
 * page lacking the reader's verb misses what was asked).
 */
export function messageParticulars(run: readonly number[], heard: readonly boolean[], words: number): Set<number> {
  const out = new Set<number>();
  const first = run[0];
  const last = run[run.length - 1];
  if (first === undefined || last === undefined || run.length < PHRASE_MIN_WORDS) return out;
  for (let t = first + 1; t < last; t++) if (!run.includes(t)) out.add(t);
  for (let t = 0; t < first; t++) if (heard[t]) return out;
  for (let t = last + 1; t < words; t++) out.add(t);
  return out;
}
