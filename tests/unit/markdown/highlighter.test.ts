/**
 * Code is tokenized once for both themes (a theme that stands for the pair). What a reader sees must be what
 * Shiki's own two-theme highlighting gives: the same colours in each theme and font styles, character by character,
 * in less markup.
 */
import type { Element, ElementContent } from 'hast';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { describe, expect, it, vi } from 'vitest';
import { highlighterFor, highlightToHast, loadHighlighter, TokenStyles } from '../../../src/markdown/highlighter.ts';
import type { BlockMemo } from '../../../src/markdown/block-memo.ts';
import {
  memoRegexConstructor,
  rememberRegexes,
  takeNewRegexes,
  type StoredRegex,
} from '../../../src/markdown/regex-memo.ts';

const SAMPLES: [lang: string, code: string][] = [
  [
    'sql',
    "-- totals per day\nSELECT to_date(ts) AS day, sum(amount)\n  FROM sales\n WHERE note LIKE '%refund%'\n GROUP BY day;\n\n",
  ],
  [
    'bash',
    'curl -u root: -H "Content-Type: application/json" \\\n  -d \'{"sql": "SELECT 1"}\' ' +
      'http://localhost:8000/v1/query/ # ask\nfor f in *.csv; do echo "$f"; done',
  ],
  [
    'python',
    'from databend_driver import BlockingDatabendClient\n\n@dataclass\nclass Row:\n    """A row."""\n    n: int = 1\n',
  ],
  ['diff', '--- a.toml\n+++ b.toml\n@@ -1 +1 @@\n-max_threads = 4\n+max_threads = 8\n'],
  [
    'javascript',
    "const rows = await conn.queryIter('SELECT 1');\nconst digits = /\\d+\\.\\d*/g; // escapes in a regex are bold\n",
  ],
  ['yaml', 'storage:\n  type: fs   # local\n  fs: { data_path: ./.databend/data }\n'],
  ['text', '  plain   text\n\twith a tab\n'],
  ['sql', ''],
];

/** What a reader sees of one character: its colour in each theme and its font style. */
interface Look {
  light: string;
  dark: string;
  italic: boolean;
  bold: boolean;
  decoration: string;
}
const PLAIN: Omit<Look, 'light' | 'dark'> = { italic: false, bold: false, decoration: '' };

/** Each character of a tree's text with the look a style gives it (`styleOf` reads an element's own style). */
function looks(
  node: ElementContent,
  styleOf: (el: Element) => Partial<Look> | undefined,
  inherited: Look,
): { char: string; look: Look }[] {
  if (node.type === 'text') return node.value.split('').map((char) => ({ char, look: inherited }));
  if (node.type !== 'element') return [];
  const look = { ...inherited, ...styleOf(node) };
  return node.children.flatMap((child) => looks(child, styleOf, look));
}

/** Shiki's own output for the two themes (inline styles, as Shiki writes them), character by character. */
function shikiLooks(highlighter: Awaited<ReturnType<typeof loadHighlighter>>, code: string, lang: string) {
  const root = highlighter.codeToHast(code, {
    lang,
    themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
    defaultColor: false,
    tokenizeTimeLimit: 0,
  });
  const styleOf = (el: Element): Partial<Look> => {
    const vars = new Map(
      (el.properties.style ?? '')
        .split(';')
        .filter(Boolean)
        .map((d) => d.split(':') as [string, string]),
    );
    const look: Partial<Look> = {};
    if (vars.has('--shiki-light')) look.light = vars.get('--shiki-light')!.toUpperCase();
    if (vars.has('--shiki-dark')) look.dark = vars.get('--shiki-dark')!.toUpperCase();
    if (vars.get('--shiki-light-font-style') === 'italic') look.italic = true;
    if (vars.get('--shiki-light-font-weight') === 'bold') look.bold = true;
    if (vars.has('--shiki-light-text-decoration')) look.decoration = vars.get('--shiki-light-text-decoration')!;
    expect(vars.get('--shiki-dark-font-style')).toBe(vars.get('--shiki-light-font-style'));
    return look;
  };
  return looks(root.children[0] as Element, styleOf, { light: '', dark: '', ...PLAIN });
}

/** Our output, character by character, each class read from the stylesheet `TokenStyles` wrote. */
function ourLooks(pre: Element, styles: TokenStyles) {
  const rules = new Map(
    styles
      .css()
      .split('\n')
      .map((rule) => {
        const [, name = '', body = ''] = /^\.([\w-]+)\{(.*)\}$/.exec(rule) ?? [];
        const look: Partial<Look> = {};
        for (const [property, value = ''] of body.split(';').map((d) => d.split(':'))) {
          const pair = /^light-dark\((#\w+),(#\w+)\)$/.exec(value);
          if (property === 'color' && pair) [look.light, look.dark] = [pair[1]!.toUpperCase(), pair[2]!.toUpperCase()];
          else if (property === 'font-style') look.italic = value === 'italic';
          else if (property === 'font-weight') look.bold = value === 'bold';
          else if (property === 'text-decoration') look.decoration = value;
          else throw new Error(`unexpected declaration in ${rule}`);
        }
        return [name, look] as const;
      }),
  );
  const styleOf = (el: Element): Partial<Look> | undefined => {
    const classes = el.properties.className ?? [];
    return Object.assign({}, ...classes.map((c) => rules.get(c) ?? {})) as Partial<Look>;
  };
  return looks(pre, styleOf, { light: '', dark: '', ...PLAIN });
}

const spans = (node: ElementContent): Element[] =>
  node.type === 'element'
    ? [...(node.tagName === 'span' ? [node] : []), ...node.children.flatMap((child) => spans(child))]
    : [];

describe('highlighting', () => {
  it('shows every character in the colours and font style of Shiki with both themes, from one pass', async () => {
    const highlighter = await highlighterFor(SAMPLES.map(([lang]) => lang));
    for (const [lang, code] of SAMPLES) {
      const styles = new TokenStyles();
      const ours = ourLooks(highlightToHast(highlighter, code, lang, styles), styles);
      const theirs = shikiLooks(highlighter, code, lang);
      const where = `${lang}: ${JSON.stringify(code.slice(0, 30))}`;
      expect(ours.map((c) => c.char).join(''), where).toBe(theirs.map((c) => c.char).join(''));
      // A space has no colour: only a line under or through it shows.
      const seen = (list: typeof ours) =>
        list.map(({ char, look }) => (/\s/.test(char) ? look.decoration : JSON.stringify(look)));
      expect(seen(ours), where).toEqual(seen(theirs));
      expect(theirs.some(({ look }) => look.bold) || lang !== 'javascript', where).toBe(true);
    }
  });

  it('writes no element a reader cannot see: no line spans, no span in the default colour, one span per run', async () => {
    const highlighter = await highlighterFor(SAMPLES.map(([lang]) => lang));
    const styles = new TokenStyles();
    const pre = highlightToHast(highlighter, SAMPLES[0]![1], 'sql', styles);
    expect(pre.properties).toEqual({ tabindex: '0', className: ['shiki'] });
    const code = pre.children[0] as Element;
    const all = spans(code);
    expect(all.length).toBeGreaterThan(2);
    // Every span is a token (a class of its own, text only); none holds the default colour.
    for (const span of all) {
      expect(span.children.every((c) => c.type === 'text')).toBe(true);
      expect(span.properties.className).toEqual([expect.stringMatching(/^k\d+[ibus]*$/)]);
    }
    // Text in the default colour is bare; two neighbours never share a class.
    expect(code.children.some((c) => c.type === 'text' && /\w/.test(c.value))).toBe(true);
    code.children.forEach((child, i) => {
      const next = code.children[i + 1];
      if (child.type === 'element' && next?.type === 'element')
        expect(child.properties.className).not.toEqual(next.properties.className);
      if (child.type === 'text') expect(next?.type).not.toBe('text');
    });
  });

  it('styles tokens through classes that carry both themes, some in bold', async () => {
    const highlighter = await highlighterFor(SAMPLES.map(([lang]) => lang));
    const styles = new TokenStyles();
    for (const [lang, code] of SAMPLES) highlightToHast(highlighter, code, lang, styles);
    const css = styles.css();
    expect(css).toMatch(/^\.shiki\{color:light-dark\(#[0-9a-f]{6},#[0-9a-f]{6}\)\}$/m);
    expect(css).toMatch(/^\.k\d+\{color:light-dark\(#[0-9A-F]{6},#[0-9A-F]{6}\)\}$/m);
    expect(css).toMatch(/^\.k\d+b\{color:light-dark\(#[0-9A-F]{6},#[0-9A-F]{6}\);font-weight:bold\}$/m);
    expect(css).not.toMatch(/#0000\d\d/);
  });
});

describe('blocks kept from an earlier render', () => {
  it('are not tokenized again, and give the same markup and stylesheet; a changed block is tokenized', async () => {
    const highlighter = await highlighterFor(SAMPLES.map(([lang]) => lang));
    const first: BlockMemo = { known: {}, used: {} };
    const freshStyles = new TokenStyles();
    const fresh = SAMPLES.map(([lang, code]) => highlightToHast(highlighter, code, lang, freshStyles, first));
    // Through JSON, as the build cache keeps them.
    const again: BlockMemo = { known: JSON.parse(JSON.stringify(first.used)) as BlockMemo['known'], used: {} };
    const tokenize = vi.spyOn(highlighter, 'codeToTokensBase');
    try {
      const keptStyles = new TokenStyles();
      const kept = SAMPLES.map(([lang, code]) => highlightToHast(highlighter, code, lang, keptStyles, again));
      expect(tokenize).not.toHaveBeenCalled();
      expect(kept).toEqual(fresh);
      expect(keptStyles.css()).toBe(freshStyles.css());
      const edited = highlightToHast(highlighter, 'SELECT 2', 'sql', new TokenStyles(), again);
      expect(tokenize).toHaveBeenCalledTimes(1);
      expect(edited).toEqual(highlightToHast(highlighter, 'SELECT 2', 'sql', new TokenStyles()));
    } finally {
      tokenize.mockRestore();
    }
  });
});

describe('the same tokens on a busy machine', () => {
  it('tokenizes a whole line however long it takes (no time limit that leaves the rest plain)', async () => {
    const highlighter = await highlighterFor(['sql']);
    const calm = highlightToHast(highlighter, 'SELECT 1 + 1; -- two', 'sql', new TokenStyles());
    // A machine so busy that every look at the clock finds a second gone.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    try {
      expect(highlightToHast(highlighter, 'SELECT 1 + 1; -- two', 'sql', new TokenStyles())).toEqual(calm);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('regular expressions kept between builds', () => {
  it('are made again from what was kept, and match as the converted ones do', async () => {
    const highlighter = await highlighterFor(SAMPLES.map(([lang]) => lang));
    for (const [lang, code] of SAMPLES) highlightToHast(highlighter, code, lang, new TokenStyles());
    // What a thread hands back, through JSON as the build keeps it.
    const made = JSON.parse(JSON.stringify(takeNewRegexes() ?? {})) as Record<string, StoredRegex>;
    expect(Object.keys(made).length).toBeGreaterThan(100);
    expect(Object.values(made).some(([, , options]) => options)).toBe(true);
    rememberRegexes(made);
    const texts = SAMPLES.flatMap(([, code]) => code.split('\n'));
    for (const pattern of Object.keys(made)) {
      const kept = memoRegexConstructor(pattern);
      const converted = defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });
      expect(kept.constructor, pattern).toBe(converted.constructor);
      expect([kept.source, kept.flags], pattern).toEqual([converted.source, converted.flags]);
      for (const text of texts) {
        for (const from of [0, Math.floor(text.length / 2)]) {
          kept.lastIndex = converted.lastIndex = from;
          const [a, b] = [kept.exec(text), converted.exec(text)];
          expect(a && [a.index, [...a], a.indices && [...a.indices]], pattern).toEqual(
            b && [b.index, [...b], b.indices && [...b.indices]],
          );
        }
      }
    }
    // Nothing new was converted: every pattern came from what was kept.
    expect(takeNewRegexes()).toBeUndefined();
  });
});
