/**
 * Return types built from an argument's component types: MAP_KEYS of a MAP(VARCHAR, INT) is an ARRAY(VARCHAR),
 * of a MAP(UINT8, VARCHAR) an ARRAY(UINT8). The probe table holds one type of each container, so the card names the
 * components (`MAP(K, V)`, `ARRAY(T)`) and writes the result with them, `MAP_KEYS(MAP(K, V)) → ARRAY(K)`, where one
 * template of them gives the result of every probed call.
 */

/** A type as its head and top-level parts: `MAP(VARCHAR, INT)` is MAP with VARCHAR and INT. */
interface TypeTree {
  head: string;
  parts: TypeTree[];
}

function parseType(text: string): TypeTree {
  const open = text.indexOf('(');
  if (open < 0 || !text.endsWith(')')) return { head: text, parts: [] };
  return { head: text.slice(0, open), parts: splitParts(text.slice(open + 1, -1)).map(parseType) };
}

/** The top-level parts of a type's parentheses: `INT, DECIMAL(10, 2)` is INT and DECIMAL(10, 2). */
export function splitParts(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '(') depth++;
    else if (inner[i] === ')') depth--;
    else if (inner[i] === ',' && depth === 0) {
      out.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(inner.slice(start).trim());
  return out;
}

/**
 * The alternatives of a return as a card writes it, split only outside parentheses: `ARRAY(FLOAT | DOUBLE) NULL |
 * VARCHAR` is ARRAY(FLOAT | DOUBLE) NULL and VARCHAR (a plain split would cut the array in two).
 */
export function alternativesOf(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (depth === 0 && text.startsWith(' | ', i)) {
      out.push(text.slice(start, i));
      start = i + 3;
    }
  }
  out.push(text.slice(start));
  return out;
}

const typeText = (t: TypeTree): string => (t.parts.length ? `${t.head}(${t.parts.map(typeText).join(', ')})` : t.head);

/** The type without the nullability of its parts or itself: ARRAY(INT NULL) reads ARRAY(INT). */
const bare = (type: string) => type.replace(/ NULL\b/g, '');

/** A named component of an argument: the T of ARRAY(T), the K and V of MAP(K, V). */
interface Component {
  name: string;
  value: string;
}

/** The components of each argument, named by their place: T (T1, T2 with several arrays), K and V. */
function componentsOf(args: string[]): (Component[] | undefined)[] {
  const trees = args.map((a) => parseType(bare(a)));
  const arrays = trees.filter((t) => t.head === 'ARRAY' && t.parts.length === 1).length;
  const maps = trees.filter((t) => t.head === 'MAP' && t.parts.length === 2).length;
  let a = 0;
  let m = 0;
  return trees.map((t) => {
    if (t.head === 'ARRAY' && t.parts.length === 1) {
      a++;
      return [{ name: arrays > 1 ? `T${a}` : 'T', value: typeText(t.parts[0]!) }];
    }
    if (t.head === 'MAP' && t.parts.length === 2) {
      m++;
      const n = maps > 1 ? String(m) : '';
      return [
        { name: `K${n}`, value: typeText(t.parts[0]!) },
        { name: `V${n}`, value: typeText(t.parts[1]!) },
      ];
    }
    return undefined;
  });
}

/** The result with each part that is a component's value written as the component's name (the first that fits). */
function templateOf(result: TypeTree, components: Component[]): TypeTree {
  const found = components.find((c) => c.value === typeText(result));
  if (found) return { head: found.name, parts: [] };
  return { head: result.head, parts: result.parts.map((p) => templateOf(p, components)) };
}

function instantiate(template: TypeTree, components: Component[]): string {
  if (!template.parts.length) return components.find((c) => c.name === template.head)?.value ?? template.head;
  return `${template.head}(${template.parts.map((p) => instantiate(p, components)).join(', ')})`;
}

function namesIn(template: TypeTree, names: Set<string>): string[] {
  if (!template.parts.length) return names.has(template.head) ? [template.head] : [];
  return template.parts.flatMap((p) => namesIn(p, names));
}

export interface GenericSignature {
  /** Each argument as the card writes it: `MAP(K, V)`, `ARRAY(T)`, or undefined for one without components. */
  args: (string | undefined)[];
  /** The result written with the components' names: `ARRAY(K)`. */
  returns: string;
  /**
   * The result is a component alone, seen with one type only: it could be a type of its own that the probed value
   * happened to share (TO_STRING of a MAP(VARCHAR, INT)). It stands only beside the same template proven by calls
   * of other types (GET(ARRAY(T), INTEGER), tried with ARRAY(INT) only, beside GET(ARRAY(T), VARCHAR)).
   */
  weak?: true;
}

/**
 * What a proven generic signature vouches for: the same components and result, and, for a result that is an
 * element alone, an element of any container (GET(ARRAY(T), …) → T proves GET(MAP(K, V), …) → V: a function that
 * returns the element it finds).
 */
export const genericKeys = (g: GenericSignature): string[] => [
  `${g.args.map((a, i) => (a ? `${i}:${a}` : '')).join(',')}→${g.returns}`,
  ...(/^[TV]\d?$/.test(g.returns) ? ['→element'] : []),
];

/**
 * The one template of the components that gives every call's result, if there is one and it names a component; a
 * result that is a component alone seen with one type only is `weak`.
 */
export function genericSignature(calls: { args: string[]; returns: string }[]): GenericSignature | undefined {
  if (!calls.length) return undefined;
  const comps = calls.map((c) => componentsOf(c.args));
  const flat = comps.map((cs) => cs.flatMap((c) => c ?? []));
  if (!flat[0]!.length) return undefined;
  const names = new Set(flat[0]!.map((c) => c.name));
  for (let i = 0; i < calls.length; i++) {
    const template = templateOf(parseType(bare(calls[i]!.returns)), flat[i]!);
    const used = namesIn(template, names);
    if (!used.length) continue;
    if (!calls.every((c, k) => instantiate(template, flat[k]!) === bare(c.returns))) continue;
    // A name whose value another component had in every call could be either: TUPLE of two arrays the probe gave
    // the same element type is no proof that the second follows the first.
    const valueOf = (f: Component[], n: string) => f.find((c) => c.name === n)?.value;
    const twin = (n: string) => [...names].some((m) => m !== n && flat.every((f) => valueOf(f, m) === valueOf(f, n)));
    if (used.some(twin)) return undefined;
    const weak =
      !template.parts.length && new Set(flat.map((f) => f.find((c) => c.name === template.head)?.value)).size < 2;
    const args = comps[0]!.map((cs, k) => {
      if (!cs || !cs.some((c) => used.includes(c.name))) return undefined;
      const head = parseType(bare(calls[0]!.args[k]!)).head;
      return `${head}(${cs.map((c) => c.name).join(', ')})`;
    });
    // One array (or map) among several named: it is the T (K, V) of the card, ARG_MAX(ARRAY(T), ARRAY) → ARRAY(T).
    const single = (letters: RegExp) => new Set(used.filter((n) => letters.test(n)).map((n) => n.slice(1))).size === 1;
    const plain = (t: string) =>
      t.replace(/\b([TKV])(\d)\b/g, (m, letter: string) => (single(letter === 'T' ? /^T\d/ : /^[KV]\d/) ? letter : m));
    const out: GenericSignature = { args: args.map((a) => a && plain(a)), returns: plain(typeText(template)) };
    return weak ? { ...out, weak: true } : out;
  }
  return undefined;
}

/**
 * What the component names in these signatures stand for, for the card to say once: `T: the element type of the
 * array argument; K, V: the key and value types of the map argument`. Empty where none is used.
 */
export function componentNamesNote(signatures: string[]): string {
  const all = signatures.join(' ');
  const notes: string[] = [];
  const arrays = [...new Set(all.match(/\bT\d?(?=[,)])/g) ?? [])].sort();
  if (arrays.includes('T')) notes.push('T: the element type of the array argument');
  const numbered = arrays.filter((t) => t !== 'T');
  if (numbered.length) notes.push(`${numbered.join(', ')}: the element types of the array arguments, in order`);
  const maps = [...new Set(all.match(/\bK\d?(?=, V)/g) ?? [])].sort();
  for (const k of maps)
    notes.push(
      `${k}, V${k.slice(1)}: the key and value types of the ${k === 'K' ? '' : `${ORDINAL[Number(k.slice(1))] ?? k.slice(1)} `}map argument`,
    );
  return notes.join('; ');
}

const ORDINAL = ['', 'first', 'second', 'third'];
