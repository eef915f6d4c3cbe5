/**
 * A heading of a page that holds several query words the page's title does not: the section answers the query,
 * as a title would answer it for a page. Pure functions of the page's heading and title stems.
 */

/**
 * A page with a heading that holds several query words, in any order, gains up to this share: its section
 * answers the query ("meta grpc tls" → "TLS for the gRPC API"), as a title would for a page. Less than a title
 * gives: at 0.3 a heading that happens to hold the words ("Save the format in the stage or as a named format")
 * outranked the page whose title names part of the query (CREATE FILE FORMAT for "save a named file format to
 * reuse"); 0.2 keeps every tuning query, 0.15 loses two (round 16).
 */
export const SECTION_GAIN = 0.2;
/** At least this many query words, and this share of the query's weight, in one heading. */
const SECTION_MIN_WORDS = 2;
const SECTION_MIN_SHARE = 0.5;

/**
 * The largest share of the query's weight one heading of the page answers beyond the page's title, when it answers
 * enough: a section adds to its page what the title does not say ("Granting privileges" on Access Control
 * Privileges adds only "grant", and does not outrank the page titled GRANT).
 */
export function sectionShare(
  headings: readonly (readonly string[])[],
  title: readonly string[],
  readAs: readonly (readonly string[])[],
  weights: readonly number[],
): number {
  const total = weights.reduce((a, w) => a + w, 0);
  if (readAs.length < SECTION_MIN_WORDS || total <= 0) return 0;
  let best = 0;
  for (const heading of headings) {
    let words = 0;
    let share = 0;
    readAs.forEach((forms, t) => {
      if (forms.some((s) => heading.includes(s) && !title.includes(s))) {
        words++;
        share += weights[t] ?? 0;
      }
    });
    if (words >= SECTION_MIN_WORDS && share / total >= SECTION_MIN_SHARE) best = Math.max(best, share / total);
  }
  return best;
}
