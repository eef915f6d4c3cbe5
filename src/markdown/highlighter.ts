import { createHash } from 'node:crypto';
import type { Element, ElementContent } from 'hast';
import {
  createHighlighterCore,
  type HighlighterCore,
  type LanguageInput,
  type ThemeInput,
  type ThemeRegistrationResolved,
} from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { SHIKI_LANGUAGES } from './languages.ts';
import { memoRegexConstructor } from './regex-memo.ts';

/** The highlighter a build uses: Shiki's core, with the grammars and themes of `languages.ts`. */
export type Highlighter = HighlighterCore;

let highlighterPromise: Promise<Highlighter> | undefined;

const LIGHT = 'github-light-high-contrast';
const DARK = 'github-dark-high-contrast';
/** The two themes as one: see `pairedTheme`. */
const PAIRED = 'databend-light-dark';

/**
 * One Shiki instance per process, with the grammars of SQL and the shell, which most pages show; the others load
 * when a page needs them (`highlighterFor`): turning a grammar into Shiki's registry costs a thread tens of
 * milliseconds before its first page. The JavaScript regex engine tokenizes the site's code blocks 1.7× faster
 * than the Oniguruma WebAssembly one, with the same tokens (every block of the content compared), so it is the one
 * a build uses; the regular expressions it makes are kept between builds (`regex-memo.ts`).
 */
export function loadHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= (async () => {
    const missing = SHIKI_LANGUAGES.filter((lang) => !GRAMMARS[lang]);
    if (missing.length) throw new Error(`highlighter: no grammar imported for ${missing.join(', ')} (see GRAMMARS)`);
    const highlighter = await createHighlighterCore({
      themes: THEMES,
      langs: FIRST_GRAMMARS.map((lang) => GRAMMARS[lang]!),
      engine: createJavaScriptRegexEngine({ regexConstructor: memoRegexConstructor }),
    });
    const paired = pairedTheme(highlighter.getTheme(LIGHT), highlighter.getTheme(DARK));
    await highlighter.loadTheme(paired.theme);
    pairs.set(highlighter, paired);
    return highlighter;
  })();
  return highlighterPromise;
}

/** Grammars loaded with the highlighter; the others load with the first page that has them. */
const FIRST_GRAMMARS = ['sql', 'bash', 'shellsession'];

const loading = new Map<string, Promise<void>>();

/** The highlighter, with the grammars of these languages loaded (names from `languages.ts`; others are ignored). */
export async function highlighterFor(langs: Iterable<string>): Promise<Highlighter> {
  const highlighter = await loadHighlighter();
  const waits: Promise<void>[] = [];
  for (const lang of new Set(langs)) {
    const grammar = GRAMMARS[lang];
    if (!grammar || FIRST_GRAMMARS.includes(lang)) continue;
    let loaded = loading.get(lang);
    if (!loaded) {
      loaded = highlighter.loadLanguage(grammar);
      loading.set(lang, loaded);
    }
    waits.push(loaded);
  }
  await Promise.all(waits);
  return highlighter;
}

/**
 * The grammars of the languages the site highlights, each imported by name: Shiki's full bundle would bring its
 * two hundred languages into the render thread's bundle, 12 MB of JavaScript a thread parses before its first page.
 * A grammar's module brings the grammars it embeds (shellsession brings bash).
 */
const GRAMMARS: Readonly<Record<string, LanguageInput>> = {
  sql: () => import('shiki/langs/sql.mjs'),
  bash: () => import('shiki/langs/bash.mjs'),
  shellsession: () => import('shiki/langs/shellsession.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  ini: () => import('shiki/langs/ini.mjs'),
  docker: () => import('shiki/langs/docker.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  http: () => import('shiki/langs/http.mjs'),
};

const THEMES: ThemeInput[] = [
  () => import('shiki/themes/github-light-high-contrast.mjs'),
  () => import('shiki/themes/github-dark-high-contrast.mjs'),
];

interface PairedTheme {
  theme: ThemeRegistrationResolved;
  /** A stand-in colour (as the tokenizer writes it, upper case) → the light and the dark colour it stands for. */
  colours: Map<string, readonly [string, string]>;
  /** The `<pre>` element's style in both themes, as Shiki writes it for two themes. */
  rootStyle: string;
  /** Token styles already written in both themes (a site has a few dozen). */
  written: Map<string, string>;
}

const pairs = new WeakMap<Highlighter, PairedTheme>();

/**
 * Shiki tokenizes a block once per theme. Our two themes have the same rules in the same order (only the colours
 * differ), so every token matches the same rule in both: one theme whose rule i paints with a stand-in colour for
 * the pair (light colour i, dark colour i) gives, in one pass, the tokens and boundaries of the two passes.
 * Each stand-in is then written back as the two colours, in the form Shiki writes two themes.
 */
function pairedTheme(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): PairedTheme {
  const same =
    light.settings.length === dark.settings.length &&
    light.settings.every((rule, i) => {
      const other = dark.settings[i]!;
      return (
        JSON.stringify(rule.scope) === JSON.stringify(other.scope) &&
        rule.settings.fontStyle === other.settings.fontStyle &&
        Object.keys(rule.settings).join() === Object.keys(other.settings).join()
      );
    });
  if (!same)
    throw new Error(`highlighter: ${LIGHT} and ${DARK} no longer have the same rules; they cannot be tokenized as one`);
  const colours = new Map<string, readonly [string, string]>();
  const byPair = new Map<string, string>();
  // Digits only, so upper and lower case are the same text; the tokenizer writes colours in upper case.
  const standIn = (l: string | undefined, d: string | undefined): string | undefined => {
    if (l === undefined || d === undefined) return undefined;
    const pair = `${l}\0${d}`;
    let colour = byPair.get(pair);
    if (!colour) {
      colour = `#${String(byPair.size + 1).padStart(6, '0')}`;
      byPair.set(pair, colour);
      colours.set(colour, [l.toUpperCase(), d.toUpperCase()]);
    }
    return colour;
  };
  const settings = light.settings.map((rule, i) => {
    const other = dark.settings[i]!.settings;
    const { foreground, background, ...rest } = rule.settings;
    const fg = standIn(foreground, other.foreground);
    const bg = standIn(background, other.background);
    return { ...rule, settings: { ...rest, ...(fg ? { foreground: fg } : {}), ...(bg ? { background: bg } : {}) } };
  });
  const fg = standIn(light.fg, dark.fg)!;
  const bg = standIn(light.bg, dark.bg)!;
  const theme: ThemeRegistrationResolved = {
    ...light,
    name: PAIRED,
    displayName: PAIRED,
    settings,
    fg,
    bg,
    colors: { ...light.colors, 'editor.foreground': fg, 'editor.background': bg },
  };
  return {
    theme,
    colours,
    written: new Map(),
    rootStyle: `--shiki-light:${light.fg};--shiki-dark:${dark.fg};--shiki-light-bg:${light.bg};--shiki-dark-bg:${dark.bg}`,
  };
}

/**
 * A token's style in both themes, written as Shiki writes a token of two themes (the light declarations, then
 * the dark ones), from the stand-in colour and the font style it was tokenized with.
 */
function bothThemes(
  colour: string | undefined,
  fontStyle: number | undefined,
  { colours, written }: PairedTheme,
): string {
  const key = `${colour}|${fontStyle}`;
  const known = written.get(key);
  if (known !== undefined) return known;
  const pair = colour ? colours.get(colour.toUpperCase()) : undefined;
  const declarations = (theme: 'light' | 'dark', value: string | undefined) => {
    const out: string[] = [];
    if (value) out.push(`--shiki-${theme}:${value}`);
    if (fontStyle) {
      if (fontStyle & FontStyle.Italic) out.push(`--shiki-${theme}-font-style:italic`);
      if (fontStyle & FontStyle.Bold) out.push(`--shiki-${theme}-font-weight:bold`);
      const decorations = [
        ...(fontStyle & FontStyle.Underline ? ['underline'] : []),
        ...(fontStyle & FontStyle.Strikethrough ? ['line-through'] : []),
      ];
      if (decorations.length) out.push(`--shiki-${theme}-text-decoration:${decorations.join(' ')}`);
    }
    return out;
  };
  const both = [
    ...declarations('light', pair ? pair[0] : colour),
    ...declarations('dark', pair ? pair[1] : colour),
  ].join(';');
  written.set(key, both);
  return both;
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

/**
 * Highlights code to a `<pre>` element for both themes, styles turned into classes: the tree Shiki's `codeToHast`
 * makes for two themes (one span per line, one per token, whitespace joined to the token after it), built here
 * from one pass of the tokenizer.
 */
export function highlightToHast(highlighter: Highlighter, code: string, lang: string, styles: TokenStyles): Element {
  const paired = pairs.get(highlighter);
  if (!paired) throw new Error('highlighter: not made by loadHighlighter');
  // The high-contrast variants keep every token at WCAG AA contrast on our code background.
  // No time limit: Shiki's default (500 ms a line) stops tokenizing a line that takes longer and leaves the rest of
  // it one plain token, and a thread's first line of a language (its regular expressions compiled then) can take
  // that long on a busy machine: the same page came out highlighted or not. Page sizes are bounded instead.
  const lines = highlighter.codeToTokensBase(code, { lang, theme: PAIRED, tokenizeTimeLimit: 0 });
  const children: ElementContent[] = [];
  lines.forEach((line, i) => {
    if (i) children.push({ type: 'text', value: '\n' });
    const spans: ElementContent[] = [];
    let carried = '';
    line.forEach((token, j) => {
      if (WHITESPACE_ONLY.test(token.content) && line[j + 1]) {
        carried += token.content;
        return;
      }
      const style = bothThemes(token.color, token.fontStyle, paired);
      spans.push({
        type: 'element',
        tagName: 'span',
        properties: style ? { className: [styles.classFor(style)] } : {},
        children: [{ type: 'text', value: carried + token.content }],
      });
      carried = '';
    });
    children.push({ type: 'element', tagName: 'span', properties: { className: ['line'] }, children: spans });
  });
  const code_: Element = { type: 'element', tagName: 'code', properties: {}, children };
  return {
    type: 'element',
    tagName: 'pre',
    properties: { tabindex: '0', className: ['shiki', 'shiki-themes', LIGHT, DARK, styles.classFor(paired.rootStyle)] },
    children: [code_],
  };
}

const WHITESPACE_ONLY = /^\s+$/;

/** The font style bits of a TextMate token (vscode-textmate's `FontStyle`). */
const FontStyle = { Italic: 1, Bold: 2, Underline: 4, Strikethrough: 8 } as const;
