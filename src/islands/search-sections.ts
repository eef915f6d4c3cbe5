/**
 * The sections of a result page for a query: each heading's section scored from where Pagefind found the query
 * words, the best offered as deep links, and an excerpt around the words. Pure functions.
 */
import { stem, synonymsOf, words, type QueryTerm } from './search-text.ts';

/** A run of excerpt text; `marked` runs are the matched words. */
export interface Run {
  text: string;
  marked: boolean;
}

/** A Pagefind fragment, as far as sections and excerpts need it. */
export interface Fragment {
  url: string;
  content: string;
  raw_content?: string;
  anchors?: { element: string; id: string; text?: string; location: number }[];
}

export interface Section {
  /** The heading's anchor (`overwrite`), or empty for the top of the page. */
  anchor: string;
  title: string;
  score: number;
  /** A query word (or a synonym) is in the heading. */
  named: boolean;
  /** The share of the query's weight found in the section. */
  coverage: number;
  /** How many query words the section holds. */
  words: number;
  excerpt: Run[];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};
const decode = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e] ?? e);

/** The densest window of `length` words between `from` and `to`, as runs with the matched words marked. */
export function excerptIn(
  contentWords: string[],
  weightAt: Map<number, number>,
  from: number,
  to: number,
  length: number,
): Run[] {
  const end = Math.min(to, contentWords.length);
  let start = from;
  let best = -1;
  let sum = 0;
  for (let i = from; i < end; i++) {
    sum += weightAt.get(i) ?? 0;
    if (i - length >= from) sum -= weightAt.get(i - length) ?? 0;
    const s = Math.max(from, i - length + 1);
    if (sum > best) {
      best = sum;
      start = s;
    }
  }
  // Centre the matches a little: a few words of context before the first one.
  const firstHit = [...weightAt.keys()].filter((l) => l >= start && l < start + length).sort((a, b) => a - b)[0];
  if (firstHit !== undefined) start = Math.max(from, Math.min(start, firstHit - 3));
  if (start + length > end) start = Math.max(from, end - length);
  const runs: Run[] = [];
  const push = (text: string, marked: boolean) => {
    const last = runs[runs.length - 1];
    if (last && last.marked === marked) last.text += text;
    else runs.push({ text, marked });
  };
  for (let i = start; i < Math.min(end, start + length); i++) {
    if (i > start) push(' ', false);
    push(decode((contentWords[i] ?? '').replace(/<[^>]*>/g, '')), weightAt.has(i));
  }
  return runs.filter((r) => r.text);
}

/** True when a heading's words answer this query word (the word, a form of it, or a synonym). */
function headingHas(headingStems: Set<string>, term: QueryTerm): boolean {
  if (headingStems.has(term.stem)) return true;
  return synonymsOf(term.stem).some((s) => headingStems.has(s));
}

/**
 * The page's sections scored for the query: a query word in the heading weighs most, then how often the words
 * occur in the section (up to two times each). The top of the page (before the first heading) is scored the same
 * way, with the page title as its heading. `locations[t]` are the word positions Pagefind found for query word t.
 */
export function scoreSections(
  fragment: Fragment,
  pageTitle: string,
  terms: QueryTerm[],
  weights: number[],
  locations: number[][],
  excerptLength = 24,
): Section[] {
  const contentWords = (fragment.raw_content ?? fragment.content).split(/[\r\n\s]+/g);
  const anchors = (fragment.anchors ?? [])
    .filter((a) => /^h\d$/i.test(a.element) && a.text && /\S/.test(a.text) && a.id)
    .sort((a, b) => a.location - b.location);
  const bounds = [
    { anchor: '', title: pageTitle, location: 0 },
    ...anchors.map((a) => ({ anchor: a.id, title: a.text ?? '', location: a.location })),
  ];
  const weightAt = new Map<number, number>();
  locations.forEach((locs, t) => {
    for (const l of locs) weightAt.set(l, (weightAt.get(l) ?? 0) + (weights[t] ?? 1));
  });
  return bounds.map((b, i) => {
    const to = bounds[i + 1]?.location ?? contentWords.length;
    const stems = new Set(words(b.title).map(stem));
    let score = 0;
    let named = false;
    let found = 0;
    let total = 0;
    let held = 0;
    terms.forEach((term, t) => {
      const w = weights[t] ?? 1;
      total += w;
      if (headingHas(stems, term)) {
        score += 3 * w;
        named = true;
      }
      const count = (locations[t] ?? []).filter((l) => l >= b.location && l < to).length;
      score += w * Math.min(1, count / 2);
      if (count) {
        found += w;
        held++;
      }
    });
    return {
      anchor: b.anchor,
      title: b.title,
      score,
      named,
      coverage: total ? found / total : 0,
      words: held,
      excerpt: excerptIn(contentWords, weightAt, b.location, to, excerptLength),
    };
  });
}

/**
 * The sections to offer under a result, best first: headings that name a query word, each at least half as good
 * as the best one (the top of the page is the result itself). A heading that names nothing asked (Syntax,
 * Examples) is offered only when its text holds every word of a query of several words and the top of the page
 * does not; "See also" (links to other pages, which rank on their own) never is. `jump` is set when the best
 * section clearly beats the top of the page: the result then opens there.
 */
export function pickSections(sections: Section[], max = 2): { sub: Section[]; jump?: Section } {
  const [top, ...rest] = sections;
  const whole = (s: Section) =>
    s.coverage > 0.999 && s.words > 1 && (top?.coverage ?? 0) < 0.999 && !/^see also$/i.test(s.title.trim());
  const ranked = rest.filter((s) => s.named || whole(s)).sort((a, b) => b.score - a.score);
  const best = ranked[0];
  const sub = ranked.filter((s) => best && s.score >= best.score / 2).slice(0, max);
  const jump = best?.named && top && best.score >= 1.5 * top.score ? best : undefined;
  return { sub, jump };
}
