/**
 * What a query asks for, read from its first words: a question about an idea ("what is a snapshot", "how does time
 * travel work", "who owns a table") is answered by the page that explains it, not by a function or command whose
 * name holds one of its words (FUSE_SNAPSHOT).
 */
import { stem, words } from './search-text.ts';
import { isReleaseIntent } from './page-kind.ts';

/**
 * A question about an idea: what / why / who, "how" with a form of "to be" or "do" ("how are tables stored"), or a
 * comparison ("decimal vs float", "difference between a view and a table"): the page that explains both sides.
 */
export function asksConcept(query: string): boolean {
  const all = words(query);
  const [first = '', second = ''] = all;
  if (all.includes('vs') || all.includes('versus') || (first === 'difference' && second === 'between')) return true;
  if (/^(?:what|whats|why|who)$/.test(first) || asksExplanation(all)) return true;
  return first === 'how' && /^(?:is|are|does|do)$/.test(second);
}

/**
 * A request for an explanation: "explain" followed by an article or a question word ("explain the kinds of
 * stages", "explain how clustering works"), not a statement ("explain select", "explain analyze").
 */
const asksExplanation = ([first = '', second = '']: readonly string[]) =>
  first === 'explain' && /^(?:the|a|an|how|what|why|when|difference)$/.test(second);

/**
 * The words that frame a question rather than name its subject: the closing "work" of "how does time travel work",
 * "how do roles and privileges work". Every page about the subject works somehow; a page that says "work" in its
 * text is no likelier to explain it. Indexes of `terms` (the query's words as searched).
 */
export function questionFrame(
  query: string,
  terms: readonly { stem: string }[],
  inFields: readonly boolean[] = [],
): boolean[] {
  const all = words(query);
  const first = all[0];
  const explanation = asksExplanation(all);
  const when = asksWhen(query);
  const last = terms.length - 1;
  return terms.map(
    (t, i) =>
      (first === 'how' && i === last && i > 0 && t.stem === 'work') ||
      (explanation && i === 0 && terms.length > 1 && t.stem === stem('explain')) ||
      (when && i === last && i > 0 && inFields[i] === false && !isReleaseIntent(t.stem)),
  );
}

/** A question about when something happened ("when did databend add…", "when was … introduced"): a release. */
export function asksWhen(query: string): boolean {
  const [first = '', second = ''] = words(query);
  return first === 'when' && /^(?:did|was|were|does)$/.test(second);
}

/** A reference entry for one SQL name: a function's or a command's own page (not a topic's overview). */
export const isNamePage = (url: string) =>
  /^\/doc\/(?:sql-functions|sql-commands|sql-reference\/system-tables)\/.+[^/]$/.test(url);

/**
 * A reference entry, for a question about an idea: a function or command page that holds the word, or is even
 * named after it (the TUPLE function for "what is a tuple"), is not the explanation the reader asked for.
 */
export const CONCEPT_NAME_PAGE = 0.7;
export function intentPrior(concept: boolean, url: string): number {
  return concept && isNamePage(url) ? CONCEPT_NAME_PAGE : 1;
}

/**
 * What a reader's verb asks a statement to do, and the statements that do it: "see the columns" is SHOW or
 * DESCRIBE, not ALTER; "make a table from a query" is CREATE, not COPY. Stems of the query's own words (stop words
 * included: "see", "make" and "find" are verbs here).
 */
const VERB_GROUPS: readonly { reader: RegExp; statements: RegExp }[] = [
  {
    reader: /^(?:see|view|list|show|display|inspect|check|describ|desc|find|look)$/,
    statements: /^(?:show|desc|describe|list|explain)$/,
  },
  { reader: /^(?:remov|delet|drop|eras|purg|clear)$/, statements: /^(?:drop|delete|remove|truncate|vacuum)$/ },
  { reader: /^(?:chang|modify|alter|edit|renam|updat)$/, statements: /^(?:alter|rename|update|set|unset)$/ },
  { reader: /^(?:creat|make|add|new|build|defin)$/, statements: /^(?:create|insert|attach)$/ },
  { reader: /^(?:undo|restor|recover|undrop)$/, statements: /^(?:undrop|flashback)$/ },
  { reader: /^(?:stop|cancel|kill|abort|terminat)$/, statements: /^(?:kill)$/ },
  { reader: /^(?:load|import|ingest)$/, statements: /^(?:copy|insert)$/ },
  { reader: /^(?:export|unload|sav|dump)$/, statements: /^(?:copy)$/ },
  { reader: /^(?:giv|grant|allow)$/, statements: /^(?:grant)$/ },
];
const STATEMENT =
  /^(?:show|desc|describe|list|explain|drop|delete|remove|truncate|vacuum|alter|rename|update|set|unset|create|insert|attach|undrop|flashback|kill|copy|grant|revoke|merge|replace|optimize|analyze|select|use)$/;

/** The one kind of statement the query's verbs ask for, or none (no verb, or verbs of two kinds). */
export function askedStatements(query: string): RegExp | undefined {
  const groups = new Set(
    words(query).flatMap((w) => VERB_GROUPS.filter((g) => g.reader.test(stem(w))).map((g) => g.statements)),
  );
  return groups.size === 1 ? [...groups][0] : undefined;
}

/** A command's page whose statement does something else than the query's verb asks (ALTER for "see"). */
export const OTHER_STATEMENT = 0.8;
/** A command's page whose statement does what the query's verb asks: the verb, a stop word, is answered too. */
export const ASKED_STATEMENT = 1.05;
export function statementPrior(asked: RegExp | undefined, url: string, title: string): number {
  if (!asked || !url.startsWith('/doc/sql-commands/') || url.endsWith('/')) return 1;
  const verb = (title.split(/\s+/)[0] ?? '').toLowerCase();
  if (!STATEMENT.test(verb)) return 1;
  return asked.test(verb) ? ASKED_STATEMENT : OTHER_STATEMENT;
}

/**
 * A system table's page yields to the statement a reader's verb of showing asks for ("see", "list", "show"), when
 * both answer most of the query and that statement's page answers every query word the table's page answers in its
 * fields: "see which queries are running" is SHOW PROCESSLIST before system.processes, "see how a query will be
 * executed" EXPLAIN before system.query_log. Where no statement answers as much ("see recent queries"), or the
 * reader searches rather than asks to be shown ("find slow queries"), the table is the answer and keeps its place.
 */
const SYSTEM_TABLE_PAGE = /^\/doc\/sql-reference\/system-tables\/.+[^/]$/;
const SHOWING_VERB = /^(?:see|view|list|show|display)$/;
/** Share of the query's weight both pages must answer: a table that answers one common word yields to nothing. */
const YIELD_MIN_SHARE = 0.5;
export function yieldToStatement<
  R extends {
    doc: { url: string; title: string };
    score: number;
    answers: boolean[];
    weights: number[];
    titleHolds: boolean;
  },
>(ranked: R[], query: string): void {
  const asked = askedStatements(query);
  if (!asked || !words(query).some((w) => SHOWING_VERB.test(stem(w)))) return;
  const verbOf = (title: string) => (title.split(/\s+/)[0] ?? '').toLowerCase();
  const statements = ranked.filter(
    (r) =>
      r.doc.url.startsWith('/doc/sql-commands/') &&
      !r.doc.url.endsWith('/') &&
      STATEMENT.test(verbOf(r.doc.title)) &&
      asked.test(verbOf(r.doc.title)),
  );
  const share = (r: R) => {
    const total = r.weights.reduce((a, w) => a + w, 0);
    return total > 0 ? r.answers.reduce((a, yes, t) => a + (yes ? (r.weights[t] ?? 0) : 0), 0) / total : 0;
  };
  for (const r of ranked) {
    if (!SYSTEM_TABLE_PAGE.test(r.doc.url) || share(r) < YIELD_MIN_SHARE) continue;
    if (!statements.some((c) => r.answers.every((a, t) => !a || c.answers[t]))) continue;
    r.score *= OTHER_STATEMENT;
    r.titleHolds = false;
  }
}
