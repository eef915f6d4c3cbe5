/**
 * Code is tokenized once for both themes (a theme that stands for the pair). What a reader sees must be what
 * Shiki's own two-theme highlighting gives: the same tokens, the same colours in each theme, the same markup.
 */
import type { Element, ElementContent } from 'hast';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { describe, expect, it, vi } from 'vitest';
import { highlighterFor, highlightToHast, loadHighlighter, TokenStyles } from '../../../src/markdown/highlighter.ts';
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

/** Shiki's own output for the two themes, its inline styles turned into classes as the site does. */
function shikiTwoThemes(
  highlighter: Awaited<ReturnType<typeof loadHighlighter>>,
  code: string,
  lang: string,
  styles: TokenStyles,
): Element {
  const root = highlighter.codeToHast(code, {
    lang,
    themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
    defaultColor: false,
    tokenizeTimeLimit: 0,
  });
  const convert = (node: ElementContent): ElementContent => {
    if (node.type !== 'element') return node;
    const { class: cls, style, ...rest } = node.properties;
    const className = [
      ...(typeof cls === 'string' ? cls.split(' ') : []),
      ...(typeof style === 'string' && style ? [styles.classFor(style)] : []),
    ];
    return {
      ...node,
      properties: { ...rest, ...(className.length ? { className } : {}) },
      children: node.children.map(convert),
    };
  };
  return convert(root.children[0] as Element) as Element;
}

describe('highlighting', () => {
  it('gives the markup and colours of Shiki with both themes, in one pass', async () => {
    const highlighter = await highlighterFor(SAMPLES.map(([lang]) => lang));
    for (const [lang, code] of SAMPLES) {
      const styles = new TokenStyles();
      const ours = highlightToHast(highlighter, code, lang, styles);
      const theirs = shikiTwoThemes(highlighter, code, lang, styles);
      expect(ours, `${lang}: ${JSON.stringify(code.slice(0, 30))}`).toEqual(theirs);
    }
  });

  it('styles tokens through classes that carry both themes, some in bold', async () => {
    const highlighter = await highlighterFor(SAMPLES.map(([lang]) => lang));
    const styles = new TokenStyles();
    for (const [lang, code] of SAMPLES) highlightToHast(highlighter, code, lang, styles);
    const css = styles.css();
    expect(css).toMatch(/--shiki-light:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}\}/);
    expect(css).toContain('--shiki-light-font-weight:bold;--shiki-dark:');
    expect(css).not.toMatch(/#0000\d\d/);
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
