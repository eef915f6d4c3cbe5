/**
 * Where an entry's prose names a return type the engine does not return: a "Return type:" line, the paragraph
 * under a "Return type" heading, or a sentence "returns a VARCHAR". The card is the engine's answer, so the prose
 * is what is wrong. `npm run check:content` reports each with file and line.
 */
import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { alternativesOf } from './generic.ts';

/** Type words of prose, by the family they belong to; a specific width where the word names one. */
const WORDS: [RegExp, string, string?][] = [
  [
    /^(u?int(8|16|32|64)|tinyint|smallint|bigint|int|integer|unsigned|number|numeric|uint|(tinyint|smallint|int|bigint) unsigned)$/i,
    'NUMBER',
  ],
  [/^(float|float32|float64|double|real)$/i, 'NUMBER'],
  [/^(decimal)$/i, 'NUMBER'],
  [/^(varchar|string|text)$/i, 'VARCHAR'],
  [/^(boolean|bool)$/i, 'BOOLEAN'],
  [/^date$/i, 'DATE'],
  [/^(timestamp|datetime)$/i, 'TIMESTAMP'],
  [/^variant$/i, 'VARIANT'],
  [/^array$/i, 'ARRAY'],
  [/^map$/i, 'MAP'],
  [/^tuple$/i, 'TUPLE'],
  [/^bitmap$/i, 'BITMAP'],
  [/^geometry$/i, 'GEOMETRY'],
  [/^binary$/i, 'BINARY'],
];

/** Integer widths as prose writes them, as the engine's SQL names. */
const WIDTHS: Record<string, string> = {
  int8: 'TINYINT',
  tinyint: 'TINYINT',
  int16: 'SMALLINT',
  smallint: 'SMALLINT',
  int: 'INT',
  int32: 'INT',
  int64: 'BIGINT',
  bigint: 'BIGINT',
  uint8: 'TINYINT UNSIGNED',
  uint16: 'SMALLINT UNSIGNED',
  uint32: 'INT UNSIGNED',
  uint64: 'BIGINT UNSIGNED',
  'tinyint unsigned': 'TINYINT UNSIGNED',
  'smallint unsigned': 'SMALLINT UNSIGNED',
  'int unsigned': 'INT UNSIGNED',
  'bigint unsigned': 'BIGINT UNSIGNED',
  float: 'FLOAT',
  float32: 'FLOAT',
  float64: 'DOUBLE',
  double: 'DOUBLE',
};

const familyOfReturn = (t: string): string => {
  const bare = t.replace(/ NULL$/, '');
  if (/^(TINYINT|SMALLINT|INT|BIGINT|FLOAT|DOUBLE|DECIMAL|INTEGER|NUMBER)\b/.test(bare)) return 'NUMBER';
  return bare.replace(/\(.*$/, '').split(' ')[0]!;
};

export interface ProseClaim {
  line: number;
  text: string;
  /** The type words it names. */
  words: string[];
}

const RETURNS_SENTENCE = /\breturns?\s+(?:an?\s+|the\s+)?`?([A-Za-z][A-Za-z0-9]*)`?(?:\s+value)?\b/gi;

/** What an entry's section (the page, or the heading with `anchor`) says it returns. */
export function returnClaims(
  tree: Root,
  anchor: string | undefined,
  otherEntry: (heading: string) => boolean = () => false,
): ProseClaim[] {
  let nodes: RootContent[] = tree.children;
  if (anchor) {
    const start = tree.children.findIndex(
      (n) => n.type === 'heading' && (n.data?.hProperties as { id?: string } | undefined)?.id === anchor,
    );
    if (start < 0) return [];
    const depth = (tree.children[start] as { depth: number }).depth;
    const end = tree.children.findIndex((n, i) => i > start && n.type === 'heading' && n.depth <= depth);
    nodes = tree.children.slice(start + 1, end < 0 ? undefined : end);
  }
  const out: ProseClaim[] = [];
  let underReturnHeading = false;
  // A subsection that is another function's entry (`## GET_STRING` on the GET page) speaks of that function.
  let skipBelow = 0;
  for (const n of nodes) {
    if (n.type === 'heading') {
      if (skipBelow && n.depth > skipBelow) continue;
      skipBelow = otherEntry(toString(n).trim()) ? n.depth : 0;
      underReturnHeading = /^return(s| type| value)/i.test(toString(n).trim());
      continue;
    }
    if (skipBelow) continue;
    if (n.type !== 'paragraph' && n.type !== 'list') continue;
    const text = toString(n).replace(/\s+/g, ' ').trim();
    const line = n.position?.start.line ?? 0;
    const words: string[] = [];
    const typeLine = /^return(s| type)\s*:/i.exec(text);
    if (underReturnHeading || typeLine) {
      // The first words of a return-type statement: "Return type: `UInt8`", "INT (1 or 0)".
      const head = (typeLine ? text.slice(typeLine[0].length) : text).split(/[.;(]/)[0]!;
      // "BIGINT UNSIGNED" is one type, not BIGINT and something unsigned.
      for (const w of head.match(/(?:TINYINT|SMALLINT|INT|BIGINT) UNSIGNED|[A-Za-z][A-Za-z0-9]*/g) ?? [])
        if (WORDS.some(([re]) => re.test(w))) words.push(w);
    } else {
      for (const m of text.matchAll(RETURNS_SENTENCE))
        if (WORDS.some(([re]) => re.test(m[1]!)) && /^[A-Z]/.test(m[1]!)) words.push(m[1]!);
    }
    if (words.length) out.push({ line, text: text.length > 120 ? `${text.slice(0, 117)}...` : text, words });
    underReturnHeading = false;
  }
  return out;
}

/**
 * The claims the card contradicts: a type word of a family the function never returns, or an integer or float
 * width it never returns (`UInt8` when the engine returns BIGINT). Generic words ("integer", "number") only
 * need the family.
 */
export function contradictions(claims: ProseClaim[], returns: string[]): { claim: ProseClaim; word: string }[] {
  // A function the probe could only call with NULL literals has no return type worth comparing.
  // A nullable return type (DATE NULL, FLOAT NULL | DOUBLE NULL) is of its type's family and widths; each of
  // several (BIGINT NULL | BIGINT UNSIGNED NULL) is one the function returns.
  returns = returns
    .filter((r) => r !== 'NULL')
    .flatMap(alternativesOf)
    .map((t) => t.replace(/ NULL$/, ''));
  if (!returns.length) return [];
  const families = new Set(returns.map(familyOfReturn));
  const widths = new Set(returns.map((r) => r.replace(/ NULL$/, '')));
  const anyWidth = returns.some((r) => /^(INTEGER|NUMBER|DECIMAL|FLOAT|DOUBLE)\b/.test(r) && !WIDTHS[r.toLowerCase()]);
  const out: { claim: ProseClaim; word: string }[] = [];
  for (const claim of claims) {
    // A claim that names several types ("INT or VARCHAR") holds if one of them is returned.
    const ok = claim.words.some((w) => {
      const family = WORDS.find(([re]) => re.test(w))![1];
      if (!families.has(family)) return false;
      const width = WIDTHS[w.toLowerCase()];
      return !width || anyWidth || widths.has(width) || (width === 'DOUBLE' && widths.has('DOUBLE'));
    });
    if (!ok) out.push({ claim, word: claim.words.join(', ') });
  }
  return out;
}
