import fs from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { SiteModel } from '../build/load-site.ts';

/** The engine's own lists of what a complete reference documents, recorded by `npm run examples -- --coverage`. */
export interface EngineObjects {
  engine: string;
  functions: string[];
  settings: string[];
  systemTables: string[];
}

export const ENGINE_OBJECTS_FILE = 'content/catalogue/engine-objects.json';

export function readEngineObjects(projectRoot: string): EngineObjects | undefined {
  const file = path.join(projectRoot, ENGINE_OBJECTS_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as EngineObjects) : undefined;
}

export interface CoverageLine {
  kind: 'functions' | 'settings' | 'system tables';
  documented: string[];
  missing: string[];
}

/** Names compare without case, underscores or spaces: `DATE_TRUNC`, `date trunc` and `datetrunc` are one name. */
export const normalName = (s: string) => s.toLowerCase().replace(/[\s_]+/g, '');

/**
 * What the site documents, by the engine's lists. A function counts when a page title or heading names it
 * (a mention in prose is not documentation);
 * a setting when a page mentions it as code; a system table when a page names `system.<table>` as code or
 * titles a page with it.
 */
export function engineCoverage(model: SiteModel, objects: EngineObjects): CoverageLine[] {
  const titled = new Set<string>();
  const code = new Set<string>();
  // Read from the pages as rendered (the build already has them), not by parsing the Markdown again.
  for (const built of model.pages) {
    titled.add(normalName(built.view.title));
    if (!built.view.body) continue;
    visit(built.view.body, 'element', (node: Element, _index, parent) => {
      // A heading documents the names it lists ("TO_START_OF_DAY, TO_START_OF_HOUR" names two), not every word.
      if (/^h[1-6]$/.test(node.tagName)) {
        const text = toString({ ...node, children: node.children.filter((c) => !(c.type === 'element' && c.tagName === 'a')) });
        for (const part of text.split(/\s*[,/]\s*/)) titled.add(normalName(part.replace(/\(.*$/, '')));
      }
      // Inline code only: code inside <pre> is an example, not a mention.
      if (node.tagName === 'code' && !(parent?.type === 'element' && parent.tagName === 'pre')) code.add(toString(node).toLowerCase());
    });
  }
  const split = (kind: CoverageLine['kind'], names: string[], has: (n: string) => boolean): CoverageLine => ({
    kind,
    documented: names.filter(has),
    missing: names.filter((n) => !has(n)),
  });
  return [
    split('functions', objects.functions, (n) => titled.has(normalName(n))),
    split('settings', objects.settings, (n) => code.has(n.toLowerCase())),
    split('system tables', objects.systemTables, (n) => code.has(`system.${n}`.toLowerCase()) || titled.has(normalName(`system.${n}`))),
  ];
}

export function coverageSummary(lines: CoverageLine[]): string {
  return lines.map((l) => `${l.kind} ${l.documented.length}/${l.documented.length + l.missing.length}`).join(', ');
}
