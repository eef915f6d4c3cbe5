import type { Nodes, Paragraph, Parent, Root } from 'mdast';
import type { ContainerDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { SKIP, walk } from './walk.ts';
import type { ErrorSink } from '../content/errors.ts';
import { uiStrings } from '../strings.ts';

/** The admonition kinds authors may use; anything else is refused. */
export const ADMONITIONS = ['note', 'tip', 'info', 'caution', 'danger'] as const;
type Admonition = (typeof ADMONITIONS)[number];
const isAdmonition = (name: string): name is Admonition => (ADMONITIONS as readonly string[]).includes(name);

/**
 * Turns `:::note`, `:::tip`... into admonition blocks and `::::tabs` / `:::tab` into tab groups. Unknown
 * block directives are errors with their line; inline `:word` that is not meant as a directive goes back to text.
 */
export function transformDirectives(tree: Root, file: string, sink: ErrorSink, source: string): void {
  const lines = source.split('\n');
  walk<Nodes>(tree, (node, index, parent) => {
    if (node.type === 'textDirective') {
      if (parent && index !== undefined) {
        parent.children.splice(index, 1, { type: 'text', value: textDirectiveSource(node) } as never);
      }
      return SKIP;
    }
    if (node.type === 'leafDirective') {
      const leaf = node;
      sink.add(file, leaf.position?.start.line, `unknown directive "::${leaf.name}"`, leaf.position?.start.column);
      return SKIP;
    }
    if (node.type !== 'containerDirective') return undefined;
    const dir = node;
    if (!isClosed(dir, lines)) {
      sink.add(
        file,
        dir.position?.start.line,
        `":::${dir.name}" is never closed: end it with a line holding only ` +
          `${':'.repeat(openingColons(dir, lines))} (otherwise it takes in the rest of the page)`,
        dir.position?.start.column,
      );
    }
    if (isAdmonition(dir.name)) {
      toAdmonition(dir, dir.name);
    } else if (dir.name === 'tabs') {
      toTabs(dir, file, sink);
    } else if (dir.name === 'tab') {
      // Panels were already handled by their group (toTabs); a tab anywhere else is misplaced.
      if (parent?.type === 'containerDirective' && parent.name === 'tabs') return undefined;
      sink.add(
        file,
        dir.position?.start.line,
        '":::tab" must sit directly inside a "::::tabs" group',
        dir.position?.start.column,
      );
    } else {
      sink.add(
        file,
        dir.position?.start.line,
        `unknown directive ":::${dir.name}" (known: ${ADMONITIONS.join(', ')}, tabs, tab)`,
        dir.position?.start.column,
      );
    }
    return undefined;
  });
}

const openingColons = (dir: ContainerDirective, lines: string[]) =>
  /^\s*(:+)/.exec(lines[(dir.position?.start.line ?? 1) - 1] ?? '')?.[1]?.length ?? 3;

/**
 * An unclosed container runs to the end of the page (or of its parent), which the parser accepts silently: it
 * is closed only when its last line is a fence of at least as many colons as it opened with, below its content.
 */
function isClosed(dir: ContainerDirective, lines: string[]): boolean {
  const end = dir.position?.end.line;
  if (end === undefined) return true;
  const fence = /^\s*(:+)\s*$/.exec(lines[end - 1] ?? '');
  const last = dir.children[dir.children.length - 1];
  return (
    !!fence &&
    (fence[1]?.length ?? 0) >= openingColons(dir, lines) &&
    end !== dir.position?.start.line &&
    (!last || (last.position?.end.line ?? 0) < end)
  );
}

function textDirectiveSource(node: TextDirective): string {
  const label = node.children.length > 0 ? `[${toString(node)}]` : '';
  return `:${node.name}${label}`;
}

function toAdmonition(dir: ContainerDirective, kind: Admonition): void {
  const first = dir.children[0];
  let title: Paragraph;
  if (
    first &&
    first.type === 'paragraph' &&
    first.data &&
    'directiveLabel' in first.data &&
    first.data.directiveLabel
  ) {
    title = first;
  } else {
    title = { type: 'paragraph', children: [{ type: 'text', value: uiStrings.admonitions[kind] }] };
    dir.children.unshift(title);
  }
  title.data = { ...title.data, hProperties: { className: ['admonition-title'] } };
  dir.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${kind}`], role: 'note' } };
}

function toTabs(dir: ContainerDirective, file: string, sink: ErrorSink): void {
  const labels: string[] = [];
  for (const child of dir.children) {
    if (child.type === 'containerDirective' && child.name === 'tab') {
      const label = child.attributes?.label?.trim();
      if (!label) {
        sink.add(
          file,
          child.position?.start.line,
          ':::tab needs a label: :::tab{label="Python"}',
          child.position?.start.column,
        );
        continue;
      }
      labels.push(label);
      const heading: Paragraph = {
        type: 'paragraph',
        children: [{ type: 'text', value: label }],
        data: { hProperties: { className: ['tab-panel-label'] } },
      };
      child.children.unshift(heading);
      child.data = { hName: 'div', hProperties: { className: ['tab-panel'], dataTabLabel: label } };
    } else {
      sink.add(
        file,
        child.position?.start.line,
        'a "::::tabs" group may only hold ":::tab" blocks',
        child.position?.start.column,
      );
    }
  }
  if (labels.length === 0) sink.add(file, dir.position?.start.line, 'a "::::tabs" group needs at least one ":::tab"');
  if (new Set(labels).size !== labels.length)
    sink.add(file, dir.position?.start.line, 'tab labels in a group must differ');
  const group = dir.attributes?.group?.trim() || undefined;
  const bar = {
    type: 'paragraph',
    children: [],
    data: {
      hName: 'tabs-bar',
      hProperties: { dataLabels: JSON.stringify(labels), ...(group ? { dataGroup: group } : {}) },
    },
  } as Paragraph;
  (dir as Parent).children.unshift(bar);
  dir.data = { hName: 'div', hProperties: { className: ['tabs'], ...(group ? { dataTabsGroup: group } : {}) } };
}
