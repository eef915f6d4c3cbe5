import type { Element, ElementContent, Nodes as HastNodes, Root as HastRoot } from 'hast';
import type { Code, Nodes, Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { SKIP, walk } from './walk.ts';
import type { ErrorSink } from '../content/errors.ts';
import { uiStrings } from '../strings.ts';
import type { RecordedExample } from '../content/recorded.ts';
import { parseCodeMeta, type CodeMeta } from './code-meta.ts';
import { transformDirectives } from './directives.ts';
import type { BlockMemo } from './block-memo.ts';
import { highlightToHast, type Highlighter, type TokenStyles } from './highlighter.ts';
import { resolveLanguage } from './languages.ts';
import { resolveImage, resolveLink, type LinkTargets } from './links.ts';
import type { ParsedMarkdown } from './parse.ts';
import { para, resultElements } from './result-elements.ts';
import { namePieces } from './name-breaks.ts';
import { markTableColumns } from './table-columns.ts';

/** Inline code that starts with a hyphen and is one short word: it never breaks (a longer one may). */
const OPTION_LIKE = /^-{1,2}[^\s-]\S{0,29}$/;

/** A code block as the later stages (examples tooling, content checks) see it. */
export interface CodeBlockInfo {
  lang: string;
  code: string;
  meta: CodeMeta;
  line: number;
}

export interface RenderContext {
  file: string;
  /** The engine's recorded answers to this page's `sql example` blocks, in order (see src/examples). */
  recorded?: RecordedExample[];
  /** Tooling that records results may render pages that have none yet. */
  allowMissingResults?: boolean;
  relPath: string;
  targets: LinkTargets;
  /**
   * `'plain'`: code blocks as plain text, untokenized. For tooling that reads the blocks and never shows them (the
   * examples check): Shiki was three quarters of its rendering time.
   */
  highlighter: Highlighter | 'plain';
  styles: TokenStyles;
  /** Code blocks highlighted before (an earlier render of the page), not tokenized again. */
  blocks?: BlockMemo;
  sink: ErrorSink;
}

export interface RenderedMarkdown {
  hast: HastRoot;
  codeBlocks: CodeBlockInfo[];
}

/** The languages of a parsed page's code blocks (names from `languages.ts`): the grammars its render needs. */
export function codeLanguagesOf(parsed: ParsedMarkdown): string[] {
  const langs = new Set<string>();
  walk<Nodes>(parsed.tree, (node) => {
    if (node.type !== 'code' || !node.lang) return;
    const lang = resolveLanguage(node.lang);
    if (lang) langs.add(lang);
  });
  return [...langs];
}

/**
 * Second pass over a parsed page: directives, links, images and code blocks are checked and turned into the
 * HAST the UI renders. Every problem goes to the sink with its line.
 */
export function renderMarkdown(parsed: ParsedMarkdown, ctx: RenderContext): RenderedMarkdown {
  const { file, relPath, targets, sink } = ctx;
  const tree: Root = parsed.tree;
  transformDirectives(tree, file, sink, parsed.source);
  const codeBlocks: CodeBlockInfo[] = [];
  let exampleIndex = 0;

  walk<Nodes>(tree, (node, index, parent) => {
    const line = node.position?.start.line;
    const column = node.position?.start.column;
    switch (node.type) {
      case 'html':
        sink.add(
          file,
          line,
          `raw HTML is not allowed ("${node.value.slice(0, 40)}"): use Markdown, or put code in backticks`,
          column,
        );
        break;
      case 'link':
      case 'definition': {
        const r = resolveLink(node.url, relPath, parsed.anchors, targets);
        if ('error' in r) sink.add(file, line, r.error, column);
        else node.url = r.href;
        break;
      }
      case 'image': {
        const r = resolveImage(node.url, relPath, targets);
        if ('error' in r) sink.add(file, line, r.error, column);
        else {
          node.url = r.href;
          // Width and height keep the image's place while it loads; the stylesheet scales it to the column.
          if (r.width && r.height)
            node.data = { ...node.data, hProperties: { ...node.data?.hProperties, width: r.width, height: r.height } };
        }
        if (!node.alt?.trim())
          sink.add(file, line, `image "${node.url}" needs alt text: ![what it shows](path)`, column);
        break;
      }
      case 'code': {
        const { info, figure } = renderCodeBlock(node, ctx, exampleIndex);
        if (info.meta.example) exampleIndex++;
        codeBlocks.push(info);
        // Replace the node: mdast-util-to-hast would wrap a `code` node's element in a <pre>.
        if (parent && index !== undefined) parent.children[index] = figure as never;
        break;
      }
      case 'inlineCode':
        // A command-line option (`--host`, `-P`) or a negative value (`-inf`) would break after its leading
        // hyphen on a narrow line, leaving a dangling `--`: it keeps to one line (code.css, `.opt`).
        if (OPTION_LIKE.test(node.value))
          node.data = { ...node.data, hProperties: { ...node.data?.hProperties, className: ['opt'] } };
        break;
      default:
        // Every other node renders as mdast-util-to-hast makes it.
        break;
    }
  });

  const hast = toHast(tree) as HastRoot;
  decorateHast(hast);
  return { hast, codeBlocks };
}

/** A code block turned into the figure the UI shows; to-hast builds it from `data` alone. */
interface CodeFigureNode {
  type: 'codeFigure';
  position: Code['position'];
  data: { hName: 'figure'; hProperties: Record<string, string | string[]>; hChildren: ElementContent[] };
}

function renderCodeBlock(
  node: Code,
  ctx: RenderContext,
  exampleIndex: number,
): { info: CodeBlockInfo; figure: CodeFigureNode } {
  const line = node.position?.start.line ?? 1;
  const { meta, errors } = parseCodeMeta(node.meta);
  for (const e of errors) ctx.sink.add(ctx.file, line, e);
  const written = node.lang ?? '';
  const lang = written ? resolveLanguage(written) : undefined;
  if (!written) ctx.sink.add(ctx.file, line, 'code block without a language: write ```sql, ```bash, ```text...');
  else if (!lang) ctx.sink.add(ctx.file, line, `unknown code block language "${written}"`);
  if ((meta.example || meta.norun || meta.syntax) && lang !== 'sql') {
    ctx.sink.add(ctx.file, line, '"example", "norun" and "syntax" apply to sql blocks only');
  }
  const pre: Element =
    ctx.highlighter === 'plain'
      ? {
          type: 'element',
          tagName: 'pre',
          properties: {},
          children: [
            { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: node.value }] },
          ],
        }
      : highlightToHast(ctx.highlighter, node.value, lang ?? 'text', ctx.styles, ctx.blocks);
  const children: ElementContent[] = [];
  if (meta.title)
    children.push({
      type: 'element',
      tagName: 'figcaption',
      properties: { className: ['code-block-title'] },
      children: [{ type: 'text', value: meta.title }],
    });
  children.push(pre);
  if (meta.example) {
    const recorded = ctx.recorded?.[exampleIndex];
    if (recorded && recorded.sql === node.value) children.push(...resultElements(recorded));
    else if (!ctx.allowMissingResults) {
      ctx.sink.add(
        ctx.file,
        line,
        recorded
          ? 'the recorded result is for another statement: run `npm run examples` to record it again'
          : 'this example has no recorded result: run `npm run examples`',
      );
    }
  }
  if (meta.norun) children.push(para('example-norun', `${uiStrings.notRunHere}: ${meta.norun}`));
  const flags = [
    meta.example && 'example',
    meta.expectError && 'error',
    meta.nondeterministic && 'nondeterministic',
    meta.syntax && 'syntax',
    meta.norun && 'norun',
  ].filter(Boolean);
  const figure: CodeFigureNode = {
    type: 'codeFigure',
    position: node.position,
    data: {
      hName: 'figure',
      hProperties: {
        className: ['code-block'],
        dataLanguage: lang ?? 'text',
        ...(flags.length ? { dataKind: flags.join(' ') } : {}),
        ...(meta.norun ? { dataNorun: meta.norun } : {}),
      },
      hChildren: children,
    },
  };
  return { info: { lang: lang ?? written, code: node.value, meta, line }, figure };
}

/**
 * Heading anchor links, scrollable tables (in a tab panel or an admonition too), table alignment as classes (no
 * inline styles), and a name for each scrolling region that no other region of the page has.
 */
function decorateHast(tree: HastRoot): void {
  const regions: { node: Element; heading: string }[] = [];
  let heading = '';
  walk<HastNodes>(tree, (node, index, parent) => {
    if (node.type !== 'element') return;
    // Highlighted code is thousands of token spans with nothing to decorate.
    if (node.tagName === 'pre') return SKIP;
    if (node.properties.role === 'region') regions.push({ node, heading });
    if (/^h[2-6]$/.test(node.tagName) && typeof node.properties.id === 'string') {
      const text = hastText(node);
      heading = text;
      breakLongNames(node);
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: {
          className: ['heading-anchor'],
          dataPagefindIgnore: '',
          href: `#${node.properties.id}`,
          ariaLabel: uiStrings.anchorLabel(text),
        },
        children: [{ type: 'text', value: '#' }],
      });
    }
    if ((node.tagName === 'td' || node.tagName === 'th') && typeof node.properties.align === 'string') {
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      node.properties.className = [...classes, `align-${node.properties.align}`];
      delete node.properties.align;
    }
    // A long name in a cell (ARRAY_APPROX_COUNT_DISTINCT) would hold its column that wide and squeeze the next
    // one to a word a line on a phone: it may break between its words. Recorded results stay as the engine wrote.
    if (node.tagName === 'table' && !hasClass(node, 'result-table')) {
      breakLongNames(node);
      markTableColumns(node);
    }
    if (node.tagName === 'table' && parent && index !== undefined && !isTableScroll(parent)) {
      const box: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: uiStrings.tableLabel },
        children: [node],
      };
      // The frame that does not scroll carries the edge shadows over the table (code.css).
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-shade'] },
        children: [box],
      };
      regions.push({ node: box, heading });
    }
  });
  uniqueRegionLabels(regions);
}

const hasClass = (node: HastNodes, name: string): boolean =>
  node.type === 'element' &&
  Array.isArray(node.properties.className) &&
  node.properties.className.join(' ').split(' ').includes(name);

const isTableScroll = (node: HastNodes): boolean => hasClass(node, 'table-scroll');

/**
 * Screen readers list regions by name, so "Result · 1 row" five times says nothing: each name gains the heading
 * it sits under, and a number where that heading holds several of the same.
 */
function uniqueRegionLabels(regions: { node: Element; heading: string }[]): void {
  const named = regions.map(({ node, heading }) => {
    const label = node.properties.ariaLabel ?? uiStrings.tableLabel;
    return heading ? `${label}, ${heading}` : label;
  });
  const total = new Map<string, number>();
  for (const n of named) total.set(n, (total.get(n) ?? 0) + 1);
  const seen = new Map<string, number>();
  regions.forEach(({ node }, i) => {
    const n = named[i] ?? '';
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    node.properties.ariaLabel = (total.get(n) ?? 0) > 1 ? `${n} (${k})` : n;
  });
}

/** A heading's or a table's long names may break between their words (an error's name on a phone), not at any letter. */
function breakLongNames(node: Element): void {
  node.children = node.children.flatMap((child): ElementContent[] => {
    if (child.type === 'element') breakLongNames(child);
    if (child.type !== 'text') return [child];
    const pieces = namePieces(child.value);
    return pieces.flatMap((value, i): ElementContent[] =>
      i === 0
        ? [{ type: 'text', value }]
        : [
            { type: 'element', tagName: 'wbr', properties: {}, children: [] },
            { type: 'text', value },
          ],
    );
  });
}

function hastText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(hastText).join('');
  return '';
}
