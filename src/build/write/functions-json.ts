/**
 * `/functions.json`: every engine function for tools (editors, linters, assistants): its names, category,
 * the signatures the engine proved, NULL behaviour, the entry that documents it (summary, URL) and that
 * entry's examples with their recorded results. Described by `/functions.schema.json`; versioned by the engine
 * the signatures and results were recorded on.
 */
import type { FunctionCard } from '../../examples/signatures/cards.ts';
import type { NamePlace } from '../../examples/engine-objects.ts';
import { normalName } from '../../islands/name-match.ts';
import { parseMarkdown } from '../../markdown/parse.ts';
import type { RecordedExample } from '../../content/recorded.ts';
import { entryOutline, type EntryOutline, type OutlineSection } from '../render/entry-outline.ts';

export interface FunctionExample {
  sql: string;
  /** The result as recorded: column names and types, and rows of cells as the engine wrote them. */
  result?: { columns: { name: string; type: string }[]; rows: string[][] };
  error?: string;
  /** The result varies from run to run (now(), random()). */
  nondeterministic?: boolean;
}

export interface FunctionRecord {
  name: string;
  aliases: string[];
  kind: 'scalar' | 'aggregate';
  category: string | null;
  signatures: string[];
  returns: string[];
  nulls: { behaviour: string; text: string };
  deterministic: boolean | null;
  introduced: string | null;
  noSignature?: string;
  summary: string | null;
  url: string | null;
  examples: FunctionExample[];
}

export interface FunctionsFile {
  engine: string;
  schema: string;
  functions: FunctionRecord[];
}

/** What the writer needs of a page: its Markdown body and recorded examples. */
export interface EntryPage {
  description: string;
  body: string;
  recorded: RecordedExample[] | undefined;
  /** What the page's sections are made from (its body and results): the same key, the same sections. */
  key?: string;
}

/** An entry's section: its summary and examples. */
export type EntrySection = { summary: string | null; examples: FunctionExample[] };

/**
 * Sections made by an earlier build (`known`, by route, anchor and page key) and those this one used (`used`,
 * for the next): a rebuild parses only the pages that changed.
 */
export interface SectionMemo {
  known: Readonly<Record<string, EntrySection>>;
  used: Record<string, EntrySection>;
}

/** The section of a page an entry is (the whole page, or a heading up to the next of its level): summary and examples. */
export function entryContent(
  page: EntryPage,
  anchor: string | undefined,
  outlineOf: (body: string) => ReadonlyMap<string, OutlineSection> = (body) =>
    new Map(entryOutline(parseMarkdown(body).tree)),
): { summary: string | null; examples: FunctionExample[] } {
  const section = outlineOf(page.body).get(anchor || '');
  if (!section) return { summary: null, examples: [] };
  const summary = anchor ? section.first : page.description || section.first;
  const recorded = page.recorded ?? [];
  const examples = section.sqls.map((sql): FunctionExample => {
    const r = recorded.find((e) => e.sql === sql);
    return {
      sql,
      ...(r?.result ? { result: r.result } : {}),
      ...(r?.error ? { error: r.error } : {}),
      ...(r?.nondeterministic ? { nondeterministic: true } : {}),
    };
  });
  return { summary, examples };
}

/**
 * The file's records, one per engine function in name order. `entries` is where each is documented
 * (`functionEntries`), `pageOf` gives an entry's page.
 */
export function functionsFile(
  engine: string,
  origin: string,
  cards: Readonly<Record<string, FunctionCard>>,
  entries: ReadonlyMap<string, NamePlace>,
  pageOf: (route: string) => EntryPage | undefined,
  categoryOf: (route: string) => string | undefined = () => undefined,
  memo: SectionMemo = { known: {}, used: {} },
  outlines: ReadonlyMap<string, EntryOutline> = new Map(),
): FunctionsFile {
  const sectionCache = new Map<string, { summary: string | null; examples: FunctionExample[] }>();
  // A page documents many functions (the geography functions page, seventy-nine): its outline is made once, by
  // its body, or came from the render thread that rendered it (`outlines`); only other pages are parsed here.
  const byBody = new Map<string, ReadonlyMap<string, OutlineSection>>();
  const outlineOf = (body: string) => {
    let outline = byBody.get(body);
    if (!outline) byBody.set(body, (outline = new Map(outlines.get(body) ?? entryOutline(parseMarkdown(body).tree))));
    return outline;
  };
  const functions = Object.values(cards)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((card): FunctionRecord => {
      const place = entries.get(normalName(card.name));
      let content: { summary: string | null; examples: FunctionExample[] } = { summary: null, examples: [] };
      if (place) {
        const page = pageOf(place.route);
        const key = `${place.route}#${place.anchor ?? ''}#${page?.key ?? ''}`;
        content =
          sectionCache.get(key) ??
          (page?.key ? memo.known[key] : undefined) ??
          (page ? entryContent(page, place.anchor, outlineOf) : content);
        sectionCache.set(key, content);
        if (page?.key) memo.used[key] = content;
      }
      return {
        name: card.name,
        aliases: card.aliases,
        kind: card.kind,
        category: card.category ?? (place ? categoryOf(place.route) : undefined) ?? null,
        signatures: card.signatures,
        returns: card.returns,
        nulls: { behaviour: card.nulls.kind, text: card.nulls.text },
        deterministic: card.deterministic ?? null,
        introduced: card.introduced?.version ?? null,
        ...(card.noSignature ? { noSignature: card.noSignature } : {}),
        summary: content.summary,
        url: place ? `${origin}${place.route}${place.anchor ? `#${place.anchor}` : ''}` : null,
        examples: content.examples,
      };
    });
  return { engine, schema: `${origin}/functions.schema.json`, functions };
}

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;

/** The JSON Schema (draft 2020-12) of `/functions.json`, published beside it. */
export function functionsSchema(origin: string): Record<string, unknown> {
  const table = {
    type: 'object',
    additionalProperties: false,
    required: ['columns', 'rows'],
    properties: {
      columns: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'type'],
          properties: { name: str, type: str },
        },
      },
      rows: { type: 'array', items: { type: 'array', items: str } },
    },
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${origin}/functions.schema.json`,
    title: 'Databend SQL functions',
    description:
      'Every function of the Databend engine named by `engine`: the signatures the engine accepted when probed with typed arguments, how NULL arguments behave, and the documentation entry with its examples and their recorded results.',
    type: 'object',
    additionalProperties: false,
    required: ['engine', 'schema', 'functions'],
    properties: {
      engine: {
        type: 'string',
        pattern: '^v\\d+\\.\\d+\\.\\d+$',
        description: 'The engine version the signatures and results were recorded on.',
      },
      schema: str,
      functions: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: [
            'name',
            'aliases',
            'kind',
            'category',
            'signatures',
            'returns',
            'nulls',
            'deterministic',
            'introduced',
            'summary',
            'url',
            'examples',
          ],
          properties: {
            name: { type: 'string', pattern: '^[a-z0-9_]+$', description: 'The name in system.functions.' },
            aliases: {
              type: 'array',
              items: str,
              description: 'Other names the engine resolves to the same function.',
            },
            kind: { enum: ['scalar', 'aggregate'] },
            category: strOrNull,
            signatures: {
              type: 'array',
              items: str,
              description: 'NAME(A | B [, C]) → R: alternatives with |, optional arguments in brackets.',
            },
            returns: { type: 'array', items: str },
            nulls: {
              type: 'object',
              additionalProperties: false,
              required: ['behaviour', 'text'],
              properties: { behaviour: { enum: ['propagates', 'never-null', 'partial', 'unknown'] }, text: str },
            },
            deterministic: {
              type: ['boolean', 'null'],
              description: 'Two runs of the same call gave the same answer; null when the call could not run.',
            },
            introduced: { ...strOrNull, description: 'The release series whose notes first name the function.' },
            noSignature: { ...str, description: 'Why no signature could be recorded.' },
            summary: strOrNull,
            url: { type: ['string', 'null'], format: 'uri' },
            examples: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['sql'],
                properties: { sql: str, result: table, error: str, nondeterministic: { type: 'boolean' } },
              },
            },
          },
        },
      },
    },
  };
}
