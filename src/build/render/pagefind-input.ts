/**
 * What Pagefind needs of a page, and nothing else. Pagefind parses every byte it is given, and most of a page is
 * markup it throws away: the sidebar, the top bar, the head's links, islands, the engine's result tables
 * (`data-pagefind-ignore`), and the `<span>` of every highlighted code token. Handing it only the parts it reads
 * makes indexing several times faster; the index it writes is the same, byte for byte, as that of the whole page with
 * a space after each table cell (the unit tests compare
 * both on the fixture site, and `npm run bench` on the catalogue).
 *
 * Kept: the `<html>` element's attributes (the language), `<title>`, every element that carries a
 * `data-pagefind-*` attribute with everything inside it (the article is `data-pagefind-body`; meta and filters
 * may sit anywhere), except, inside those, subtrees marked `data-pagefind-ignore` that hold no other
 * `data-pagefind-*` attribute, and `<span>` wrappers inside `<pre>` (they split no words: only their text counts).
 * One thing is added: a space after each table cell, so cells stay separate words.
 *
 * The input is our own React output: well formed, every `<` and `>` of text and attribute values escaped.
 */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|<!--[\s\S]*?-->|<![^>]*>/g;
const PAGEFIND_ATTR = /\sdata-pagefind-(?!ignore\b)[a-z-]+(?:=|\s|\/|$)/;
const IGNORE_ATTR = /\sdata-pagefind-ignore(?:=|\s|\/|$)/;
const PLAIN_SPAN = /^(?:\s+class="[^"]*")?\s*$/;

interface Frame {
  tag: string;
  /** The element that started a kept region. */
  keeps?: boolean;
  /** An ignored subtree: its markup is held until its end decides whether it is needed. */
  buffer?: string[];
  /** A token `<span>` inside `<pre>`: neither tag is written. */
  unwrapped?: boolean;
}

export function pagefindInput(html: string): string {
  let htmlAttrs = '';
  const head: string[] = [];
  const body: string[] = [];
  const stack: Frame[] = [];
  let keeping = 0;
  let inHead = false;
  let pre = 0;
  const buffers: string[][] = [];
  const emit = (s: string) => {
    if (!keeping || !s) return;
    const target = buffers.length ? buffers[buffers.length - 1]! : inHead ? head : body;
    target.push(s);
  };
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    emit(html.slice(last, m.index));
    last = TOKEN.lastIndex;
    const [token, closing, rawTag, attrs = ''] = m;
    if (rawTag === undefined) continue; // comment or doctype
    const tag = rawTag.toLowerCase();
    if (closing) {
      // Well-formed input: the top frame is this element.
      const frame = stack.pop();
      if (!frame) continue;
      if (!frame.unwrapped) emit(token);
      // Pagefind joins the text of adjacent header cells ("Argument", "Type" → "ArgumentType", one word in the
      // index and in excerpts): a space between cells keeps them apart.
      if (frame.tag === 'th' || frame.tag === 'td') emit(' ');
      if (frame.tag === 'pre' && keeping) pre--;
      if (frame.buffer) {
        buffers.pop();
        const inner = frame.buffer.join('');
        if (PAGEFIND_ATTR.test(inner.slice(inner.indexOf('>')))) emit(inner);
      }
      if (frame.keeps) keeping--;
      if (frame.tag === 'head') inHead = false;
      continue;
    }
    if (tag === 'html') htmlAttrs = attrs.replace(/\/$/, '');
    if (tag === 'head') inHead = true;
    const frame: Frame = { tag };
    if (!keeping && (tag === 'title' || PAGEFIND_ATTR.test(attrs))) {
      frame.keeps = true;
      keeping++;
    } else if (keeping && IGNORE_ATTR.test(attrs) && !PAGEFIND_ATTR.test(attrs)) {
      frame.buffer = [];
      // The buffer takes the element's own tag too: dropped or kept whole.
      buffers.push(frame.buffer);
    }
    if (keeping && pre > 0 && tag === 'span' && PLAIN_SPAN.test(attrs)) frame.unwrapped = true;
    else emit(token);
    const selfClosing = attrs.endsWith('/');
    if (VOID.has(tag) || selfClosing) {
      // Nothing to close: settle what the open tag started.
      if (frame.buffer) {
        buffers.pop();
        if (PAGEFIND_ATTR.test(attrs)) emit(frame.buffer.join(''));
      }
      if (frame.keeps) keeping--;
      continue;
    }
    if (keeping && tag === 'pre') pre++;
    if (RAW_TEXT.has(tag)) {
      const end = html.indexOf(`</${tag}`, last);
      const stop = end < 0 ? html.length : end;
      emit(html.slice(last, stop));
      last = stop;
      TOKEN.lastIndex = stop;
    }
    stack.push(frame);
  }
  return `<!doctype html><html${htmlAttrs}><head>${head.join('')}</head><body>${body.join('')}</body></html>`;
}

/**
 * What holds a page's place in the index until the page comes: Pagefind numbers pages in the order they are
 * added, and a page added again under the same URL takes the place of the first (see `startFeeding`).
 */
export const PLACEHOLDER_INPUT = '<!doctype html><html lang="en"><head><title></title></head><body></body></html>';
