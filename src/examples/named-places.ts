/**
 * What the rendered pages name, and where: titles, headings and their sections, inline code, alias lines, cells of
 * recorded result tables. The coverage rule (engine-objects.ts) and search read names from here.
 */
import type { Element, Nodes, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { normalName } from '../islands/name-match.ts';
import { SKIP, walk } from '../markdown/walk.ts';

/** Where the site documents a name: the page, and the heading's anchor when a heading (not the title) names it. */
export interface NamePlace {
  route: string;
  anchor?: string;
  title: string;
}

/**
 * A part of a page that can document a function: the page itself (named by its title), or a heading's section
 * (the heading up to the next heading of the same or a higher level, subsections included).
 */
export interface Section extends NamePlace {
  /** 1 for the page, 2–6 for a heading. */
  depth: number;
  /** What the title or heading names, normalised: "TO_STRING, TO_VARCHAR" names two. */
  names: string[];
  /** Inline code of "Alias:" / "Aliases:" lines that sit in this section and not in a subsection, lower case. */
  aliases: string[];
  /** Examples run on the engine that show their recorded result (a table, a plan or the error), subsections included. */
  examples: number;
  /** The section this one sits in (undefined for the page). */
  parent?: Section;
}

/** What the rendered pages name, by normalised name; the first place found wins, titles before headings. */
export interface NamedPlaces {
  /** Page titles and headings: "TO_START_OF_DAY, TO_START_OF_HOUR" names two. */
  titled: Map<string, NamePlace>;
  /** Inline code (not code inside <pre>: that is an example), lower case. */
  code: Map<string, NamePlace>;
  /** Cells of result tables recorded from the engine (`'timezone'` in a table of settings), lower case: every page. */
  tabled: Map<string, NamePlace[]>;
  /** Inline code in a sentence about aliases ("Alias: `LCASE`"), lower case. */
  aliased: Map<string, NamePlace>;
  /** Every page and heading section, in page order (each page before its headings). */
  sections: Section[];
}

/**
 * What one rendered page names: all that `namedPlaces` reads of its body, small enough for the build to keep
 * with the page (so the names of a site are put together without its syntax trees). Lists keep page order.
 */
export interface PagePlaces {
  /** Its heading sections; `parent` is the index of the heading section it sits in, -1 for the page itself. */
  sections: { anchor?: string; depth: number; names: string[]; aliases: string[]; examples: number; parent: number }[];
  /** Alias names given at the top level of the page, outside any heading section. */
  aliases: string[];
  /** Examples run on the engine with their result shown, on the whole page. */
  examples: number;
  /** Inline code (not inside <pre>), lower case, each once. */
  code: string[];
  /** Cells of result tables, lower case, quotes taken off, each once. */
  tabled: string[];
  /** Inline code of sentences about aliases, lower case, each once. */
  aliased: string[];
}

/** The pages as the name readers need them: each page's places, or its rendered body to read them from. */
export interface NamedPages {
  pages: { view: { route: string; title: string; body?: Root }; places?: PagePlaces }[];
}

// The build asks twice (search records, coverage summary): one walk over the pages serves both.
const placesOfModel = new WeakMap<NamedPages, NamedPlaces>();

/** A title or heading split into the names it gives: "TO_STRING, TO_VARCHAR / TO_TEXT", "TO_DECIMAL(p, s)". */
export const namesOfHeading = (text: string): string[] =>
  text
    .split(/\s*[,/]\s*/)
    .map((part) => normalName(part.replace(/\(.*$/, '')))
    .filter(Boolean);

/** "Alias: `X`", "Aliases: `X`, `Y`": a paragraph or list item that starts by saying what follows are aliases. */
const ALIAS_LINE = /^\s*alias(es)?\b/i;

const classesOf = (node: Element): string[] => {
  const c = node.properties.className;
  return (Array.isArray(c) ? c.map(String) : [c ?? '']).flatMap((x) => x.split(/\s+/)).filter(Boolean);
};

/** A code block run on the engine whose recorded answer is shown under it. */
function isRunExample(node: Element): boolean {
  if (
    node.tagName !== 'figure' ||
    !String(node.properties.dataKind ?? '')
      .split(' ')
      .includes('example')
  )
    return false;
  return node.children.some((c) => c.type === 'element' && classesOf(c).includes('example-result'));
}

/** Reads what one page names from its rendered body (the build already has it), not by parsing the Markdown again. */
export function pagePlaces(body: Root): PagePlaces {
  const out: PagePlaces = { sections: [], aliases: [], examples: 0, code: [], tabled: [], aliased: [] };
  const seen = { code: new Set<string>(), tabled: new Set<string>(), aliased: new Set<string>() };
  const add = (kind: keyof typeof seen, key: string) => {
    if (!seen[kind].has(key)) {
      seen[kind].add(key);
      out[kind].push(key);
    }
  };
  // The sections open at the current point of the page, outermost first: the page (-1), then nested headings.
  const open: number[] = [-1];
  const depthOf = (i: number) => (i < 0 ? 1 : out.sections[i]!.depth);
  const aliasesOf = (i: number) => (i < 0 ? out.aliases : out.sections[i]!.aliases);
  walk<Nodes>(body, (node, _index, parent) => {
    if (node.type !== 'element') return;
    // Inside a <pre> (highlighted code, a plan, an error) nothing is a heading, an alias line or a result cell.
    if (node.tagName === 'pre') return SKIP;
    const heading = /^h([1-6])$/.exec(node.tagName);
    if (heading) {
      const depth = Number(heading[1]);
      const text = toString({
        ...node,
        children: node.children.filter((c) => !(c.type === 'element' && c.tagName === 'a')),
      });
      const anchor = typeof node.properties.id === 'string' ? node.properties.id : undefined;
      while (open.length > 1 && depthOf(open[open.length - 1]!) >= depth) open.pop();
      out.sections.push({
        ...(anchor ? { anchor } : {}),
        depth,
        names: namesOfHeading(text),
        aliases: [],
        examples: 0,
        parent: open[open.length - 1]!,
      });
      open.push(out.sections.length - 1);
    }
    if (isRunExample(node)) {
      for (const i of open) {
        if (i < 0) out.examples++;
        else out.sections[i]!.examples++;
      }
    }
    if (node.tagName === 'code' && !(parent?.type === 'element' && parent.tagName === 'pre')) {
      const key = toString(node).toLowerCase();
      if (key) add('code', key);
    }
    if ((node.tagName === 'p' || node.tagName === 'li') && /\balias/i.test(toString(node))) {
      const innermost = aliasesOf(open[open.length - 1]!);
      // Only the first sentence of an alias line names aliases: "Aliases: `WEEK` and `WEEKOFYEAR`. `DATE_PART` ..."
      let sentenceOpen = ALIAS_LINE.test(toString(node));
      walk<Nodes>(node, (child, _i, up) => {
        if (child.type === 'text' && !(up?.type === 'element' && up.tagName === 'code') && /\.(\s|$)/.test(child.value))
          sentenceOpen = false;
        if (child.type !== 'element' || child.tagName !== 'code') return;
        // "Aliases: `DAY(<date>)`" names DAY: the call's arguments are not part of the name.
        const name = toString(child).replace(/\(.*$/s, '').trim().toLowerCase();
        if (name) add('aliased', name);
        if (sentenceOpen && !innermost.includes(name)) innermost.push(name);
        return SKIP;
      });
    }
    if (node.tagName === 'table' && String(node.properties.className ?? '').includes('result-table')) {
      walk<Nodes>(node, (cell) => {
        if (cell.type === 'element' && cell.tagName === 'td')
          add('tabled', toString(cell).replace(/^'|'$/g, '').toLowerCase());
      });
    }
  });
  return out;
}

/**
 * Where the pages name things, put together from each page's places in page order: the first place found wins,
 * every page title before any heading.
 */
export function namedPlaces(model: NamedPages): NamedPlaces {
  const known = placesOfModel.get(model);
  if (known) return known;
  const places: NamedPlaces = {
    titled: new Map(),
    code: new Map(),
    tabled: new Map(),
    aliased: new Map(),
    sections: [],
  };
  const put = (map: Map<string, NamePlace>, key: string, place: NamePlace) => {
    if (key && !map.has(key)) map.set(key, place);
  };
  for (const built of model.pages)
    put(places.titled, normalName(built.view.title), { route: built.view.route, title: built.view.title });
  for (const built of model.pages) {
    const mine = built.places ?? (built.view.body ? pagePlaces(built.view.body) : undefined);
    if (!mine) continue;
    const page = { route: built.view.route, title: built.view.title };
    // A title is a name as written ("Array(T)" is a data type, not the ARRAY function); a heading may add the
    // arguments ("TO_DECIMAL(p, s)").
    const titleNames = built.view.title
      .split(/\s*[,/]\s*/)
      .map(normalName)
      .filter(Boolean);
    const pageSection: Section = {
      ...page,
      depth: 1,
      names: titleNames,
      aliases: mine.aliases,
      examples: mine.examples,
    };
    places.sections.push(pageSection);
    const made: Section[] = [];
    for (const s of mine.sections) {
      for (const name of s.names) put(places.titled, name, { ...page, ...(s.anchor ? { anchor: s.anchor } : {}) });
      const section: Section = {
        ...page,
        ...(s.anchor ? { anchor: s.anchor } : {}),
        depth: s.depth,
        names: s.names,
        aliases: s.aliases,
        examples: s.examples,
        parent: s.parent < 0 ? pageSection : made[s.parent],
      };
      made.push(section);
      places.sections.push(section);
    }
    for (const key of mine.code) put(places.code, key, page);
    for (const key of mine.aliased) put(places.aliased, key, page);
    for (const key of mine.tabled) {
      const list = places.tabled.get(key) ?? [];
      if (!list.some((p) => p.route === page.route)) list.push(page);
      places.tabled.set(key, list);
    }
  }
  placesOfModel.set(model, places);
  return places;
}
