/** What a build keeps in its cache besides pages and bodies: the frontmatter it read and the regular expressions made. */
import { createHash } from 'node:crypto';
import type { Frontmatter, FrontmatterMemo } from '../../content/frontmatter.ts';
import type { CheckedMemo } from '../../content/scan.ts';
import type { StoredRegex } from '../../markdown/regex-memo.ts';
import type { BuildCache } from './build-cache.ts';

/**
 * The frontmatter the last build read, by its YAML's hash (`FrontmatterMemo`), kept for the next; holds what
 * this build read, so pages gone are forgotten.
 */
export function frontmatterMemo(cache: BuildCache, key: string): FrontmatterMemo & { save(): void } {
  const known = cache.readJson<Record<string, Frontmatter>>('frontmatter', key) ?? {};
  const read: Record<string, Frontmatter> = {};
  let changed = false;
  const hashOf = (yamlText: string) => createHash('sha256').update(yamlText).digest('base64url');
  return {
    get(yamlText) {
      const h = hashOf(yamlText);
      const frontmatter = known[h];
      if (frontmatter) read[h] = frontmatter;
      return frontmatter;
    },
    set(yamlText, frontmatter) {
      read[hashOf(yamlText)] = frontmatter;
      changed = true;
    },
    save() {
      if (changed || Object.keys(read).length !== Object.keys(known).length)
        cache.writeText('frontmatter', key, '.json', JSON.stringify(read));
      else cache.markUsed('frontmatter', key, '.json');
    },
  };
}

/**
 * The texts the last build found within the content checks (`CheckedMemo`), by hash, kept for the next; holds
 * what this build met, so pages gone are forgotten. `key` holds the checks' code: a changed check checks all.
 */
export function checkedMemo(cache: BuildCache, key: string): CheckedMemo & { save(): void } {
  const known = new Set(cache.readJson<string[]>('checked', key) ?? []);
  const met = new Set<string>();
  let changed = false;
  const hashOf = (check: string, text: string) => createHash('sha256').update(`${check}\0${text}`).digest('base64url');
  return {
    has(check, text) {
      const h = hashOf(check, text);
      if (!known.has(h)) return false;
      met.add(h);
      return true;
    },
    add(check, text) {
      met.add(hashOf(check, text));
      changed = true;
    },
    save() {
      if (changed || met.size !== known.size) cache.writeText('checked', key, '.json', JSON.stringify([...met]));
      else cache.markUsed('checked', key, '.json');
    },
  };
}

/**
 * The regular expressions render threads made from grammars' patterns (`regex-memo.ts`): handed to the threads,
 * and kept for the next build with what this one's threads added.
 */
export function regexStore(
  cache: BuildCache,
  key: string,
): { known: Record<string, StoredRegex>; add(made: Record<string, StoredRegex> | undefined): void; save(): void } {
  const known = cache.readJson<Record<string, StoredRegex>>('regex', key) ?? {};
  let changed = false;
  return {
    known,
    add(made) {
      if (!made) return;
      Object.assign(known, made);
      changed = true;
    },
    save() {
      if (changed) cache.writeText('regex', key, '.json', JSON.stringify(known));
      else cache.markUsed('regex', key, '.json');
    },
  };
}
