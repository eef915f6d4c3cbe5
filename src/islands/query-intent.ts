/**
 * What a query asks for, read from its first words: a question about an idea ("what is a snapshot", "how does time
 * travel work", "who owns a table") is answered by the page that explains it, not by a function or command whose
 * name holds one of its words (FUSE_SNAPSHOT).
 */
import { words } from './search-text.ts';

/** A question about an idea: what / why / who, or "how" with a form of "to be" or "do" ("how are tables stored"). */
export function asksConcept(query: string): boolean {
  const [first = '', second = ''] = words(query);
  if (/^(?:what|whats|why|who)$/.test(first)) return true;
  return first === 'how' && /^(?:is|are|does|do)$/.test(second);
}

/** A reference entry for one SQL name: a function's or a command's own page (not a topic's overview). */
export const isNamePage = (url: string) => /^\/doc\/sql-(?:functions|commands)\/.+[^/]$/.test(url);

/**
 * A reference entry, for a question about an idea, unless its title is just what was asked (`named`): a
 * function or command page that merely holds the word is not the explanation the reader asked for.
 */
export const CONCEPT_NAME_PAGE = 0.7;
export function intentPrior(concept: boolean, url: string, named: boolean): number {
  return concept && !named && isNamePage(url) ? CONCEPT_NAME_PAGE : 1;
}
