/**
 * What a function's signature card shows, put together in the main thread from the recorded signatures
 * (`signatures.json`), the catalogue's function list (category) and the release notes (where a function was
 * introduced). The same facts feed `/functions.json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { normalName } from '../../islands/name-match.ts';
import {
  collapseSignatures,
  groupedSignatures,
  returnText,
  seenExtended,
  signatureText,
  type CallForm,
  type Signature,
} from './collapse.ts';
import { nullBehaviour, type NullBehaviour } from './null-behaviour.ts';
import { alternativesOf } from './generic.ts';
import type { FunctionProbe } from './probe.ts';
import { documentedForms } from './documented.ts';
import { familyOf } from './types.ts';
import { argumentTable, type ArgumentGroup } from './argument-table.ts';
import {
  readSignatureExceptions,
  readSignatures,
  SIGNATURE_EXCEPTIONS_FILE,
  SIGNATURES_FILE,
  type RecordedSignatures,
} from './store.ts';

export interface FunctionCard {
  /** The engine's name, lower case. */
  name: string;
  kind: 'scalar' | 'aggregate';
  /** Readable signatures, `NAME(A | B [, C]) → R`. */
  signatures: string[];
  /** The signatures by first argument, where they are too many for a list (`argument-table.ts`). */
  byArguments?: ArgumentGroup[];
  /** The distinct return types of the signatures. */
  returns: string[];
  nulls: { kind: NullBehaviour; text: string };
  deterministic?: boolean;
  /** Not deterministic because the result changes with the session's time zone. */
  timeZone?: true;
  /**
   * Where the result depends on the time zone: the calls run in several zones (`TIME_SLOT(DATE)`), those whose result
   * differed and those whose result did not.
   */
  zoneCalls?: { depends: string[]; not: string[] };
  /** Not deterministic because the result is the current date (in the session's time zone): it changes every day. */
  currentDate?: true;
  /** Not deterministic because the aggregate's result changes with the order in which rows arrive. */
  rowOrder?: true;
  /** Other names of the same function (the engine resolves them to one). */
  aliases: string[];
  category?: string;
  /** The release series whose notes name it first: version and route. */
  introduced?: { version: string; route: string };
  /** Why it has no signature (`signature-exceptions.tsv`), when it has none. */
  noSignature?: string;
}

/** The catalogue's category labels by folder (`categories.tsv`), and each function's folder (`functions.tsv`). */
function catalogueCategories(projectRoot: string): { byFunction: Map<string, string>; byDir: Map<string, string> } {
  const read = (f: string) => {
    const file = path.join(projectRoot, 'content/catalogue', f);
    return fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .slice(1)
          .filter(Boolean)
          .map((l) => l.split('\t'))
      : [];
  };
  const labels = new Map(read('categories.tsv').map((c) => [c[0]!, (c[7] ?? '').trim()]));
  const byFunction = new Map<string, string>();
  // Only the folders that document functions: a page elsewhere is about something else, even when its title or a
  // heading is also a function's name (the Map type, a LEFT JOIN, the timezone setting).
  const byDir = new Map<string, string>();
  for (const [, name = '', , source = ''] of read('functions.tsv')) {
    const label = labels.get(path.dirname(source));
    if (!label) continue;
    byFunction.set(name.toLowerCase(), label);
    byDir.set(path.dirname(source), label);
  }
  return { byFunction, byDir };
}

/**
 * Where each function is first named by the release notes (`releases.tsv` gives each series' page): inline code
 * or link text that is exactly the function's name. The oldest series wins.
 */
function introducedIn(
  projectRoot: string,
  contentRoot: string,
  names: Set<string>,
): Map<string, { version: string; route: string }> {
  const file = path.join(projectRoot, 'content/catalogue/releases.tsv');
  const out = new Map<string, { version: string; route: string }>();
  if (!fs.existsSync(file)) return out;
  const rows = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('\t'))
    .map(([version = '', route = '', , label = '', , source = '']) => ({
      version,
      route,
      label,
      source: source.replace(/:\d+$/, ''),
    }));
  // Oldest first (the file lists the newest first).
  for (const r of rows.reverse()) {
    const page = path.join(contentRoot, r.source);
    if (!fs.existsSync(page)) continue;
    const text = fs.readFileSync(page, 'utf8');
    for (const m of text.matchAll(/`([A-Za-z_0-9]+)`|\[([A-Za-z_0-9]+)\]\(/g)) {
      const n = (m[1] ?? m[2] ?? '').toLowerCase();
      if (names.has(n) && !out.has(n)) out.set(n, { version: r.label || r.version, route: r.route });
    }
  }
  return out;
}

/** Return types beyond this many are named by what they are made of (TUPLE for 579 tuples of argument types). */
export const MAX_RETURNS = 8;

/**
 * The return types a card lists: as they are up to MAX_RETURNS; past that, each by its outer type without what it
 * is made of (`TUPLE(INT, DATE) NULL` reads `TUPLE NULL`: TUPLE's 579 tuples are one TUPLE), which the signatures
 * above show. The card caps what is still longer.
 */
export function boundedReturns(returns: string[]): string[] {
  if (returns.length <= MAX_RETURNS) return returns;
  const outer = (alternatives: string) => [
    ...new Set(alternativesOf(alternatives).map((t) => t.replace(/\(.*\)/, ''))),
  ];
  return [...new Set(returns.map((r) => outer(r).join(' | ')))];
}

/**
 * A signature whose result the parameters type (TO_DECIMAL(10, 2)(x) is a DECIMAL(10, 2)): the card writes the
 * parameters as `(…)` or by their documented names, so the precision the probe happened to give is no one's
 * result; the card says DECIMAL, whose precision and scale are the parameters'.
 */
export function ofParameters(s: Signature): Signature {
  return { ...s, returns: s.returns.replace(/\bDECIMAL\(\d+, \d+\)/g, 'DECIMAL') };
}

/**
 * A function's signature lines as its card writes them, each with the signature it is drawn from (and so the probed
 * calls it stands for): the calls as probed, then two parameters where they change the type, then a scalar written
 * with parameters too. `form`: how the documentation writes the call.
 */
export function signatureLines(
  name: string,
  p: FunctionProbe,
  form: CallForm | undefined,
): { text: string; signature: Signature }[] {
  const typed = p.form?.startsWith('params') ?? false;
  const collapsed = collapseSignatures(p.calls, { typedByParameters: typed }).map((s) => (typed ? ofParameters(s) : s));
  const sigs = p.repeats ? groupedSignatures(collapsed, p.repeats) : collapsed;
  const documentedParams = form?.params;
  const parameterSigs = p.parameterCalls
    ? collapseSignatures(p.parameterCalls.calls, { typedByParameters: true }).map(ofParameters)
    : [];
  const severalSigs = p.severalParameters ? collapseSignatures(p.severalParameters, { typedByParameters: true }) : [];
  return [
    ...sigs.map((s) => ({
      signature: s,
      text: signatureText(name, s, {
        ...form,
        // Parameters the documentation does not name: the engine needs them all the same, or takes one it may be
        // given (an error rate); documented ones it may go without (QUANTILE_TDIGEST(x) is the median).
        ...(typed && !documentedParams ? { params: '(…)' } : {}),
        ...(p.optionalParameter ? { params: documentedParams ? `[${documentedParams}]` : '[(…)]' } : {}),
        ...(p.repeats ? { repeats: p.repeats, variadic: false } : {}),
        // The documented `...` only on a form the probe saw take one more argument with the same result.
        ...(form?.variadic && !p.repeats ? { variadic: seenExtended(s, sigs) } : {}),
      }),
    })),
    // Two parameters where they change the type: QUANTILE_TDIGEST(<level1>, <level2>, ...)(…) → ARRAY(DOUBLE).
    ...severalSigs.map((s) => ({ signature: s, text: signatureText(name, s, { params: form?.several ?? '(…, …)' }) })),
    // A scalar written with parameters too: TO_DECIMAL(…)(INTEGER | … | BOOLEAN) → DECIMAL.
    ...parameterSigs.map((s) => ({ signature: s, text: signatureText(name, s, { params: '(…)' }) })),
  ];
}

/** Every engine function's card, by its engine name (`to_date`). */
export function functionCards(
  projectRoot: string,
  contentRoot: string,
  recorded: RecordedSignatures,
  exceptions: ReadonlyMap<string, string>,
): Record<string, FunctionCard> {
  const names = Object.keys(recorded.functions).sort();
  const categories = catalogueCategories(projectRoot);
  const introduced = introducedIn(projectRoot, contentRoot, new Set(names));
  const forms = documentedForms(projectRoot);
  // Aliases: names the engine resolves to the same function and that accept the same calls with the same
  // results (COALESCE is rewritten to IF, but is no other name for it).
  const sameCalls = (a: string, b: string) =>
    JSON.stringify(recorded.functions[a]!.calls) === JSON.stringify(recorded.functions[b]!.calls);
  const groups = new Map<string, Set<string>>();
  for (const n of names) {
    const target = recorded.functions[n]!.aliasOf;
    const root = target && recorded.functions[target] && sameCalls(n, target) ? target : n;
    const g = groups.get(root) ?? new Set([root]);
    g.add(n);
    groups.set(root, g);
  }
  const groupOf = new Map<string, Set<string>>();
  for (const g of groups.values()) for (const n of g) groupOf.set(n, g);
  const out: Record<string, FunctionCard> = {};
  for (const name of names) {
    const p = recorded.functions[name]!;
    const lines = signatureLines(name, p, forms.get(name));
    const aliases = [...(groupOf.get(name) ?? [])].filter((n) => n !== name).sort();
    const category = categories.byFunction.get(name) ?? aliases.map((a) => categories.byFunction.get(a)).find(Boolean);
    const card: FunctionCard = {
      name,
      kind: p.kind,
      signatures: lines.map((l) => l.text),
      returns: boundedReturns([...new Set(lines.map((l) => returnText(l.signature)))]),
      nulls: nullBehaviour(p),
      aliases,
    };
    const table = argumentTable(lines, name);
    if (table) card.byArguments = table;
    if (p.deterministic !== undefined) card.deterministic = p.deterministic;
    if (p.timeZone) card.timeZone = true;
    if (p.timeZone && p.zoneCalls) card.zoneCalls = zoneCallTexts(name, p.zoneCalls);
    if (p.currentDate) card.currentDate = true;
    if (p.rowOrder) card.rowOrder = true;
    if (category) card.category = category;
    const intro = introduced.get(name) ?? aliases.map((a) => introduced.get(a)).find(Boolean);
    if (intro) card.introduced = intro;
    const reason = exceptions.get(name);
    if (!p.calls.length && reason) card.noSignature = reason;
    out[name] = card;
  }
  return out;
}

export { catalogueCategories };

/** The calls run in the time zones as a card names them, by argument family (`TO_DATE(INTEGER)`), once each. */
export function zoneCallTexts(
  name: string,
  calls: readonly { args: string[]; zone: boolean }[],
): { depends: string[]; not: string[] } {
  const byText = new Map<string, boolean>();
  for (const c of calls) {
    const text = `${name.toUpperCase()}(${c.args.map(familyOf).join(', ')})`;
    byText.set(text, (byText.get(text) ?? false) || c.zone);
  }
  const texts = [...byText];
  return { depends: texts.filter(([, z]) => z).map(([t]) => t), not: texts.filter(([, z]) => !z).map(([t]) => t) };
}

/**
 * The cards by the name as headings and titles give it (`normalName`: `TO_DATE`, `to date`); where two engine
 * names read the same, the first in name order.
 */
export function cardsByNormalName(cards: Readonly<Record<string, FunctionCard>>): Map<string, FunctionCard> {
  const out = new Map<string, FunctionCard>();
  for (const name of Object.keys(cards).sort()) if (!out.has(normalName(name))) out.set(normalName(name), cards[name]!);
  return out;
}

/**
 * The cards of the project's recorded signatures (the build and the tooling read them once); missing or corrupt
 * records stop the build naming the file (see `readSignatures`).
 */
/** Every file the cards are made from: the same files, the same cards (the build keeps them by their hash). */
export function cardInputs(projectRoot: string, contentRoot: string): string[] {
  const catalogue = ['categories.tsv', 'functions.tsv', 'releases.tsv'].map((f) =>
    path.join(projectRoot, 'content/catalogue', f),
  );
  const releases = path.join(projectRoot, 'content/catalogue/releases.tsv');
  const notes = fs.existsSync(releases)
    ? fs
        .readFileSync(releases, 'utf8')
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((l) => path.join(contentRoot, (l.split('\t')[5] ?? '').replace(/:\d+$/, '')))
    : [];
  return [
    path.join(projectRoot, SIGNATURES_FILE),
    path.join(projectRoot, SIGNATURE_EXCEPTIONS_FILE),
    ...catalogue,
    ...notes,
  ];
}

export function readFunctionCards(projectRoot: string, contentRoot: string): Record<string, FunctionCard> {
  return functionCards(projectRoot, contentRoot, readSignatures(projectRoot), readSignatureExceptions(projectRoot));
}
