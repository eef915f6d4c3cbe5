/** The kind of a page (RFC, contributor guide, release note, overview) and its prior for a query. */

/**
 * What kind of page a route is, for the priors below: a design proposal (RFC), a contributor guide, a release
 * note, a folder's own page (the overview of a topic: SHARE, Understanding Cluster Key), or any other.
 */
export type PageKind = 'rfc' | 'contributing' | 'release' | 'overview' | 'page';
export function pageKindOf(url: string, listing: boolean): PageKind {
  if (/\/contributing\/rfcs\/./.test(url)) return 'rfc';
  if (/\/contributing\//.test(url)) return 'contributing';
  if (/\/releases\/v\d/.test(url)) return 'release';
  if (url.endsWith('/') && !listing && url !== '/doc/') return 'overview';
  return 'page';
}

/**
 * Priors by kind of page, unless the query asks for that kind: a reader's question is answered by the page that
 * documents it, not by the proposal that designed it, the guide for people who change Databend, or the release
 * note that announced it; a topic's overview comes before the commands it lists when the query names the topic
 * (every word of the overview's title) and no command.
 */
const ASKS: Record<Exclude<PageKind, 'page' | 'overview'>, RegExp> = {
  rfc: /^(?:rfc|proposal|design)$/,
  contributing:
    /^(?:contribut|contributor|pr|pull|benchmark|profil|hyperfin|sourc|maintainer|develop|roadmap|rfc|test|debug)$/,
  release: /^(?:releas|new|chang|changelog|version|v\d+\.\d+)$/,
};
export const KIND_PRIOR: Record<PageKind, number> = {
  rfc: 0.7,
  contributing: 0.8,
  release: 0.8,
  overview: 1.15,
  page: 1,
};
/** A release note whose title names the series the query asks for (`v1.0`): the page for that version. */
export const SERIES_PRIOR = 1.3;
/**
 * A release note when the query asks for one: it says "release" or "changelog", or asks which version brought
 * something ("version with the cost based optimizer", "introduced in"). `RELEASE_ASKED` when the note's title,
 * summary or headings also name something else the query asks for (the feature): the note is the answer to
 * "which version". Otherwise `RELEASE_MENTIONED` for "release" or "changelog", and nothing for "version" alone
 * ("latest version" is about versions, not about one note).
 */
export const RELEASE_ASKED = 1.6;
export const RELEASE_MENTIONED = 1.2;
/**
 * A release note whose fields name the feature, for a "when did…" question: it asks for a release as plainly as
 * "which release added…", but with no word that every note's title answers ("release", "version"), so the prior
 * carries what that word would add.
 */
export const RELEASE_ASKED_WHEN = 2;
const RELEASE_WORD = /^(?:releas|changelog)$/;
const RELEASE_INTENT = /^(?:releas|changelog|version|introduc)$/;
export const isReleaseIntent = (stem: string) => RELEASE_INTENT.test(stem);
/** Words that ask about a release itself, beside its number ("new in 1.2", "1.2 features", "changes in 1.2"). */
const RELEASE_QUESTION = /^(?:releas|changelog|version|new|chang|introduc|featur)$/;
export const asksAboutRelease = (stem: string) => RELEASE_QUESTION.test(stem);
/**
 * Words of an overview's title that name the kind of page, not its topic ("Understanding Cluster Key"): a query
 * names the overview when it names the rest ("what is a cluster key").
 */
const OVERVIEW_WORDS = /^(?:understand|overview|introduc|introduct|concept|basic)$/;
/**
 * A query word asking for a topic's overview ("overview of data types", "introduction to stages"), as typed: not
 * "introduced", which asks for a release.
 */
export const asksOverview = (word: string) => /^(?:overviews?|introduction)$/.test(word);
/** The stems of a title that name its topic. */
export const topicStems = (titleStems: readonly string[]) => titleStems.filter((s) => !OVERVIEW_WORDS.test(s));
const COMMAND_VERB =
  /^(?:creat|drop|alter|show|grant|revok|insert|delet|updat|select|copy|set|unset|desc|describ|truncat|undrop|renam|optimiz|vacuum|merg|replac|call|explain|kill|use|list|remov|attach)$/;

/**
 * The prior of a page for a query (its stems); `named`: the query names every word of the page's title;
 * `titleStems`: the page's title, for a version the query names; `namesFeature`: the page's fields answer a query
 * word that is not a word asking for a release; `askedWhen`: the query asks when something happened.
 */
export function kindPrior(
  kind: PageKind,
  stems: readonly string[],
  named: boolean,
  titleStems: readonly string[] = [],
  namesFeature = false,
  askedWhen = false,
): number {
  if (kind === 'page') return 1;
  if (kind === 'release' && stems.some((s) => /^v\d+\.\d+$/.test(s) && titleStems.includes(s))) return SERIES_PRIOR;
  // A query asking which release brought the topic asks for a note, not for the topic's overview.
  const asksRelease = askedWhen || stems.some(isReleaseIntent);
  if (kind === 'overview')
    return named && !asksRelease && !stems.some((s) => COMMAND_VERB.test(s)) ? KIND_PRIOR.overview : 1;
  if (kind === 'release' && askedWhen && namesFeature) return RELEASE_ASKED_WHEN;
  if (kind === 'release' && stems.some(isReleaseIntent) && namesFeature) return RELEASE_ASKED;
  if (kind === 'release' && stems.some((s) => RELEASE_WORD.test(s))) return RELEASE_MENTIONED;
  return stems.some((s) => ASKS[kind].test(s)) ? 1 : KIND_PRIOR[kind];
}
