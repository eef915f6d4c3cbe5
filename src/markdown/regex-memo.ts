/**
 * Shiki's JavaScript engine turns each Oniguruma pattern of a grammar into a JavaScript regular expression
 * (oniguruma-to-es) the first time a scanner needs it: some 70 ms for the patterns of one SQL page, paid again by
 * every render thread of every build. What it makes depends only on the pattern and the versions of the
 * packages and of Node, so the build keeps it between builds (`build-site.ts`, in the build cache) and hands it
 * to each thread, which makes the expression from it instead of converting the pattern again.
 *
 * A regular expression is kept as its `source` and `flags` (the language guarantees that `new RegExp(source,
 * flags)` is the same expression) and, for the ones oniguruma-to-es emulates, the options it made them with
 * (`rawOptions`, which the package provides to serialize them).
 */
import { EmulatedRegExp } from 'oniguruma-to-es';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';

export type StoredRegex = [source: string, flags: string, options?: EmulatedRegExp['rawOptions']];

const known = new Map<string, StoredRegex>();
let fresh: Record<string, StoredRegex> = {};

/** Conversions made earlier (by another thread, or an earlier build): used instead of converting again. */
export function rememberRegexes(entries: Readonly<Record<string, StoredRegex>> | undefined): void {
  for (const [pattern, stored] of Object.entries(entries ?? {})) known.set(pattern, stored);
}

/** The conversions this thread made since the last call: for the build to keep. */
export function takeNewRegexes(): Record<string, StoredRegex> | undefined {
  if (Object.keys(fresh).length === 0) return undefined;
  const out = fresh;
  fresh = {};
  return out;
}

/** Shiki's regex constructor (its default, with its default target), remembering what it makes. */
export function memoRegexConstructor(pattern: string): RegExp {
  const stored = known.get(pattern);
  if (stored) return stored[2] ? new EmulatedRegExp(stored[0], stored[1], stored[2]) : new RegExp(stored[0], stored[1]);
  const made = defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });
  const entry: StoredRegex =
    made instanceof EmulatedRegExp ? [made.source, made.flags, made.rawOptions] : [made.source, made.flags];
  known.set(pattern, entry);
  fresh[pattern] = entry;
  return made;
}
