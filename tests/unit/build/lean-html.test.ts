import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { leanHtml } from '../../../src/build/render/lean-html.ts';
/** The text and attribute values a browser reads from markup (parse5 follows the HTML standard's parser). */

type Node = DefaultTreeAdapterMap['childNode'];
function readBack(html: string): unknown {
  const walk = (n: Node): unknown =>
    'tagName' in n
      ? [n.tagName, n.attrs.map((a) => [a.name, a.value]), n.childNodes.map(walk)]
      : 'value' in n
        ? n.value
        : null;
  return parseFragment(html).childNodes.map(walk);
}

describe('leanHtml', () => {
  const react = renderToStaticMarkup(
    createElement(
      'div',
      { 'data-pagefind-ignore': '', title: `it's "quoted"`, 'data-props': JSON.stringify({ q: "a'b" }) },
      createElement('code', null, `{"sql": "SELECT 'x' > 1 & 2 < 3"}`),
      createElement('details', { open: true }, createElement('summary', { 'aria-label': '' }, 'More')),
    ),
  );

  it('drops the escapes text and double-quoted values do not need, and writes empty flags bare', () => {
    const lean = leanHtml(react);
    expect(react).toContain('&quot;sql&quot;');
    expect(lean).toContain(`<code>{"sql": "SELECT 'x' &gt; 1 &amp; 2 &lt; 3"}</code>`);
    expect(lean).toContain(`title="it's &quot;quoted&quot;"`);
    expect(lean).toContain('<div data-pagefind-ignore title=');
    expect(lean).toContain('<details open>');
    // Not a flag: an empty label stays written out.
    expect(lean).toContain('aria-label=""');
    expect(lean.length).toBeLessThan(react.length - 30);
  });

  it('reads back as the same text and attribute values', () => {
    expect(readBack(leanHtml(react))).toEqual(readBack(react));
    expect(serialize(parseFragment(leanHtml(react)))).toBe(serialize(parseFragment(react)));
  });

  it('leaves script elements as written', () => {
    const script = `<script type="application/ld+json">{"name":"it&#x27;s &quot;x&quot;","a":""}</script>`;
    expect(leanHtml(`<p>&#x27;</p>${script}`)).toBe(`<p>'</p>${script}`);
  });
});
