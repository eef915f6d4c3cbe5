/**
 * The search client, loaded when a reader first reaches for search (opens the dialog, hovers or focuses its
 * button, lands on the search or not-found page): ranking, Pagefind's glue and the name index are a quarter of
 * the islands' code, and most page views never search. Fetched once; every caller shares it.
 */
import type * as Client from './search-client.ts';

let client: Promise<typeof Client> | undefined;

export function searchClient(): Promise<typeof Client> {
  client ??= import('./search-client.ts');
  // A failed fetch (offline) is tried again by the next caller.
  client.catch(() => (client = undefined));
  return client;
}
