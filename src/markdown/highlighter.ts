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
import { blockKey, type BlockMemo, type KeptBlock } from './block-memo.ts';
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
  /** The stand-in of the themes' default text colour: tokens in it need no element of their own. */
  foreground: string;
  /** The default text colour in the light and the dark theme. */
  rootColours: readonly [string, string];
  /** Each token style already named: its class and its CSS (a site has a dozen). */
  named: Map<string, TokenClass>;
}

/** A token style as a class: its name and the declarations the stylesheet gives it. */
interface TokenClass {
  name: string;
  css: string;
  /** Underlined or struck through: the spaces beside it would show the line, so they stay out of it. */
  decorated: boolean;
}

const pairs = new WeakMap<Highlighter, PairedTheme>();

/**
 * Shiki tokenizes a block once per theme. Our two themes have the same rules in the same order (only the colours
 * differ), so every token matches the same rule in both: one theme whose rule i paints with a stand-in colour for
 * the pair (light colour i, dark colour i) gives, in one pass, the tokens and boundaries of the two passes.
 * Each stand-in is then written back as the two colours (`tokenClass`).
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
  return { theme, colours, foreground: fg, rootColours: [light.fg, dark.fg], named: new Map() };
}

/** The colour of text in both themes: the page's colour scheme picks one (`color-scheme`, see theme.css). */
const lightDark = ([light, dark]: readonly [string, string]) => `color:light-dark(${light},${dark})`;

/**
 * A token's class, from the stand-in colour and the font style it was tokenized with, or none for text in the
 * default colour and style (the `<pre>` gives that colour). Names are made from the stand-in's number and the
 * font style, so every page and every thread names a style alike: `k5`, `k12i` (italic; `b` bold, `u` underline,
 * `s` struck through).
 */
function tokenClass(colour: string | undefined, fontStyle: number | undefined, paired: PairedTheme) {
  const stand = colour?.toUpperCase() ?? paired.foreground;
  const style = fontStyle ?? 0;
  if (stand === paired.foreground && !style) return undefined;
  const key = `${stand}|${style}`;
  let known = paired.named.get(key);
  if (!known) {
    const pair = paired.colours.get(stand);
    const flags = [
      [FontStyle.Italic, 'i', 'font-style:italic'],
      [FontStyle.Bold, 'b', 'font-weight:bold'],
    ] as const;
    const decorations = [
      ...(style & FontStyle.Underline ? ['underline'] : []),
      ...(style & FontStyle.Strikethrough ? ['line-through'] : []),
    ];
    const css = [
      ...(pair ? [lightDark(pair)] : []),
      ...flags.filter(([bit]) => style & bit).map(([, , declaration]) => declaration),
      ...(decorations.length ? [`text-decoration:${decorations.join(' ')}`] : []),
    ].join(';');
    const name = `k${Number.parseInt(stand.slice(1), 10)}${flags
      .filter(([bit]) => style & bit)
      .map(([, letter]) => letter)
      .join('')}${style & FontStyle.Underline ? 'u' : ''}${style & FontStyle.Strikethrough ? 's' : ''}`;
    known = { name, css, decorated: decorations.length > 0 };
    paired.named.set(key, known);
  }
  return known;
}

/**
 * Shiki colours tokens with inline `style` attributes, which a strict Content-Security-Policy refuses. Each
 * token style is a class instead, and the classes a build hands out are published as one stylesheet.
 */
export class TokenStyles {
  private readonly rules = new Map<string, string>();

  /** Records the class `name` with its declarations; the same name always carries the same declarations. */
  use(name: string, css: string): string {
    const known = this.rules.get(name);
    if (known !== undefined && known !== css)
      throw new Error(`highlighter: the token class ${name} stands for two styles ("${known}", "${css}")`);
    this.rules.set(name, css);
    return name;
  }

  /** The stylesheet for every class handed out so far, one rule a line, in the order of the class names. */
  css(): string {
    return [...this.rules.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([name, css]) => `.${name}{${css}}`)
      .join('\n');
  }
}

/** One run of code in one style: a text node (default style) or a span of a token class. */
interface Run {
  token: TokenClass | undefined;
  text: string;
}

/**
 * Highlights code to a `<pre class="shiki">` for both themes, styles as classes. The colours of every character
 * are those Shiki's two-theme `codeToHast` gives (a test compares them), in fewer elements: text in the default
 * colour is a plain text node, neighbouring tokens of one style are one span, and spaces join whichever run they
 * follow (a space has no colour). Lines are text separated by line breaks, with no element of their own: the copy
 * button reads the `<pre>`'s text, and nothing styles a line. A block `memo` knows is not tokenized again.
 */
export function highlightToHast(
  highlighter: Highlighter,
  code: string,
  lang: string,
  styles: TokenStyles,
  memo?: BlockMemo,
): Element {
  const paired = pairs.get(highlighter);
  if (!paired) throw new Error('highlighter: not made by loadHighlighter');
  const key = blockKey(code, lang);
  const kept = memo?.known[key] ?? tokenizedBlock(highlighter, paired, code, lang);
  if (memo) memo.used[key] = kept;
  const children: ElementContent[] = kept.runs.map(([cls, text]) =>
    cls
      ? {
          type: 'element',
          tagName: 'span',
          properties: { className: [styles.use(cls, kept.css[cls]!)] },
          children: [{ type: 'text', value: text }],
        }
      : { type: 'text', value: text },
  );
  styles.use(ROOT_CLASS, lightDark(paired.rootColours));
  return {
    type: 'element',
    tagName: 'pre',
    properties: { tabindex: '0', className: [ROOT_CLASS] },
    children: [{ type: 'element', tagName: 'code', properties: {}, children }],
  };
}

/** A block tokenized: its runs, with the class and CSS of each style. */
function tokenizedBlock(highlighter: Highlighter, paired: PairedTheme, code: string, lang: string): KeptBlock {
  // The high-contrast variants keep every token at WCAG AA contrast on our code background.
  // No time limit: Shiki's default (500 ms a line) stops tokenizing a line that takes longer and leaves the rest of
  // it one plain token, and a thread's first line of a language (its regular expressions compiled then) can take
  // that long on a busy machine: the same page came out highlighted or not. Page sizes are bounded instead.
  const lines = highlighter.codeToTokensBase(code, { lang, theme: PAIRED, tokenizeTimeLimit: 0 });
  const runs: Run[] = [];
  const add = (token: TokenClass | undefined, text: string) => {
    const last = runs.at(-1);
    const blank = WHITESPACE_ONLY.test(text);
    if (last && (last.token === token || (blank && !token?.decorated && !last.token?.decorated))) last.text += text;
    else runs.push({ token: blank && !token?.decorated ? undefined : token, text });
  };
  lines.forEach((line, i) => {
    if (i) add(undefined, '\n');
    for (const token of line) add(tokenClass(token.color, token.fontStyle, paired), token.content);
  });
  const css: Record<string, string> = {};
  for (const { token } of runs) if (token) css[token.name] = token.css;
  return { runs: runs.map(({ token, text }) => [token?.name ?? '', text]), css };
}

/** The class of every highlighted `<pre>`, which the stylesheet gives the themes' default text colour. */
const ROOT_CLASS = 'shiki';

const WHITESPACE_ONLY = /^\s+$/;

/** The font style bits of a TextMate token (vscode-textmate's `FontStyle`). */
const FontStyle = { Italic: 1, Bold: 2, Underline: 4, Strikethrough: 8 } as const;
