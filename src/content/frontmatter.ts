import { z } from 'zod';
import { isMap, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import type { ErrorSink } from './errors.ts';

/**
 * A route segment: letters, digits, "-", "_" and "." (`v1.2.0`), never starting with "." — so no "." or ".."
 * segment can lead a written file out of the site's folder, and no hidden file is made.
 */
export const ROUTE_SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9_.-]*';
/** A route under /doc/: "/" or "/" followed by segments, an optional trailing slash. */
export const ROUTE_PATH = new RegExp(`^/(?:${ROUTE_SEGMENT}(?:/${ROUTE_SEGMENT})*/?)?$`);
const ONE_SEGMENT = new RegExp(`^${ROUTE_SEGMENT}$`);

/** The frontmatter an author writes. Unknown keys are refused so that typos do not pass silently. */
export const frontmatterSchema = z
  .object({
    /** Page title: the h1, the browser tab and (unless sidebar_label) the sidebar. */
    title: z.string().trim().min(1, 'must not be empty'),
    /** One sentence for search snippets and link previews. */
    description: z.string().trim().min(1, 'must not be empty').max(160, 'must be at most 160 characters'),
    sidebar_label: z.string().trim().min(1).optional(),
    sidebar_position: z.number().finite().optional(),
    /** Route under /doc/, absolute ("/" is /doc/ itself). */
    slug: z
      .string()
      .regex(
        ROUTE_PATH,
        'must start with "/" and hold segments of letters, digits, "-", "_" and "." (no segment may start with ".", no "//")',
      )
      .optional(),
    /** Replaces the last segment of the id derived from the file name. */
    id: z
      .string()
      .regex(ONE_SEGMENT, 'must be one path segment of letters, digits, "-", "_" and "." (not starting with ".")')
      .optional(),
    /** The page documents an Enterprise feature: a badge and a licence link are shown. */
    enterprise: z.boolean().optional(),
    /**
     * Words and phrases readers search with that the page's title and summary do not use (`cancel` for KILL QUERY,
     * `json` for VARIANT). Search weighs them just below the title; they are not shown on the page.
     */
    keywords: z
      .array(z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'))
      .max(20, 'at most 20 keywords')
      .optional(),
  })
  .strict();

export type Frontmatter = z.infer<typeof frontmatterSchema>;

export interface SplitSource {
  frontmatter: Frontmatter;
  /** The Markdown body with the frontmatter replaced by blank lines, so positions match the file's lines. */
  body: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/;

/**
 * Splits and validates the frontmatter of a Markdown file. Problems go to the sink with the line of the
 * offending key; the function returns undefined when the page cannot be used.
 */
export function readFrontmatter(
  file: string,
  text: string,
  sink: ErrorSink,
  memo?: FrontmatterMemo,
): SplitSource | undefined {
  const match = FENCE.exec(text);
  if (!match) {
    sink.add(
      file,
      1,
      'missing frontmatter: the file must start with a "---" block holding at least title and description',
    );
    return undefined;
  }
  const yamlText = match[1] ?? '';
  const blank = match[0].replace(/[^\n]/g, '');
  const known = memo?.get(yamlText);
  if (known) return { frontmatter: known, body: blank + text.slice(match[0].length) };
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  // The YAML starts on line 2 of the file (line 1 is the opening fence).
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line + 1);
  if (doc.errors.length > 0) {
    for (const err of doc.errors)
      sink.add(file, lineOf(err.pos[0]), `invalid frontmatter YAML: ${err.message.split('\n')[0]}`);
    return undefined;
  }
  let data: unknown;
  try {
    // yaml refuses an alias that expands past maxAliasCount (a "billion laughs" block) only here, by throwing.
    data = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    let firstAlias: number | undefined;
    visit(doc, {
      Alias: (_key, node) => {
        firstAlias = node.range?.[0];
        return visit.BREAK;
      },
    });
    sink.add(
      file,
      lineOf(firstAlias),
      `invalid frontmatter YAML: ${(err as Error).message.split('\n')[0]} (aliases expand to more than 100 nodes: write the values out)`,
    );
    return undefined;
  }
  const parsed = frontmatterSchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined);
      let line = 1;
      if (isMap(doc.contents) && key !== undefined) {
        const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key);
        if (pair && isScalar(pair.key)) line = lineOf(pair.key.range?.[0]);
      }
      const field = key === undefined ? 'frontmatter' : `frontmatter field "${String(key)}"`;
      sink.add(file, line, `${field}: ${issue.message}`);
    }
    return undefined;
  }
  memo?.set(yamlText, parsed.data);
  return { frontmatter: parsed.data, body: blank + text.slice(match[0].length) };
}

/**
 * Frontmatter already read and found valid, by its YAML text: a rebuild reads hundreds of unchanged blocks, and
 * parsing YAML is most of reading the content. Valid only for the schema and parser that read it (the build
 * keeps one per hash of this module and the lock file).
 */
export interface FrontmatterMemo {
  get(yamlText: string): Frontmatter | undefined;
  set(yamlText: string, frontmatter: Frontmatter): void;
}
