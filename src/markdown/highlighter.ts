import { createHash } from 'node:crypto';
import type { Element, Root } from 'hast';
import { createHighlighter, type Highlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { SHIKI_LANGUAGES } from './languages.ts';

let highlighterPromise: Promise<Highlighter> | undefined;

/**
 * One Shiki instance per process: loading grammars is the slow part. The JavaScript regex engine tokenizes the
 * site's code blocks 1.7× faster than the Oniguruma WebAssembly one, with the same tokens (every block of the
 * content compared), so it is the one a build uses.
 */
export function loadHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= createHighlighter({ themes: ['github-light-high-contrast', 'github-dark-high-contrast'], langs: SHIKI_LANGUAGES, engine: createJavaScriptRegexEngine() });
  return highlighterPromise;
}

/**
 * Shiki colours tokens with inline `style` attributes, which a strict Content-Security-Policy refuses.
 * We move each distinct style into a class and publish the classes as one stylesheet.
 */
export class TokenStyles {
  private readonly classes = new Map<string, string>();

  classFor(style: string): string {
    let name = this.classes.get(style);
    if (!name) {
      name = `c${createHash('sha1').update(style).digest('base64url').slice(0, 6).replace(/[-_]/g, 'x')}`;
      this.classes.set(style, name);
    }
    return name;
  }

  /** The stylesheet for every class handed out so far, in a stable order. */
  css(): string {
    return [...this.classes.entries()]
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(([style, name]) => `.${name}{${style}}`)
      .join('\n');
  }
}

/** Highlights code to a `<pre>` element for both themes, styles turned into classes. */
export function highlightToHast(highlighter: Highlighter, code: string, lang: string, styles: TokenStyles): Element {
  const root = highlighter.codeToHast(code, {
    lang,
    // The high-contrast variants keep every token at WCAG AA contrast on our code background.
    themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
    defaultColor: false,
  }) as Root;
  // A plain walk: this runs for every token of every code block, where a generic visitor's bookkeeping shows.
  const walk = (node: Element) => {
    // Shiki sets `class` as a string; hast (and React) want one `className` list.
    if (node.properties.class !== undefined) {
      node.properties.className = classList(node);
      delete node.properties.class;
    }
    const style = node.properties?.style;
    if (typeof style === 'string' && style) {
      delete node.properties.style;
      const cls = styles.classFor(style);
      node.properties.className = [...classList(node), cls];
    }
    for (const child of node.children) if (child.type === 'element') walk(child);
  };
  for (const child of root.children) if (child.type === 'element') walk(child);
  const pre = root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
  if (!pre) throw new Error('Shiki returned no <pre>');
  return pre;
}

function classList(node: Element): string[] {
  const raw = node.properties.className ?? node.properties.class;
  if (Array.isArray(raw)) return raw.map(String);
  return typeof raw === 'string' ? raw.split(/\s+/).filter(Boolean) : [];
}
