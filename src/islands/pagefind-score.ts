/**
 * Pagefind 1.6.0's scoring, ported from its Rust (`pagefind_web/src/search.rs`) with its default ranking
 * parameters. Pagefind computes in 32-bit floats: every step here is rounded to one (`Math.fround`), in the same
 * order, and `exp` and `ln` are the single-precision routines its WebAssembly carries (Rust's `libm`, after
 * FreeBSD's `expf` and `logf`, which may differ from the nearest float by one unit), so a score is the very
 * number the WebAssembly returns.
 */
const f = Math.fround;
const bits = new DataView(new ArrayBuffer(4));
const toBits = (x: number) => (bits.setFloat32(0, x), bits.getUint32(0));
const fromBits = (n: number) => (bits.setUint32(0, n >>> 0), bits.getFloat32(0));

/** `expf`, step by step in single precision, for the arguments Pagefind passes (finite, at most 88). */
export function expf(x: number): number {
  const hx = toBits(x) & 0x7fffffff;
  const negative = x < 0;
  // Below about -104 the result is 0 (Pagefind's arguments are never large and positive).
  if (negative && hx >= 0x42cff1b5) return 0;
  let k = 0;
  let hi = 0;
  let lo = 0;
  if (hx > 0x3eb17218) {
    // k·ln2 taken off, with ln2 in two parts so the product of its high part is exact.
    k = hx > 0x3f851592 ? Math.trunc(f(f(1.4426950216 * x) + (negative ? -0.5 : 0.5))) : negative ? -1 : 1;
    hi = f(x - f(k * f(6.9314575195e-1)));
    lo = f(k * f(1.4286067653e-6));
    x = f(hi - lo);
  } else if (hx > 0x39000000) hi = x;
  else return f(1 + x);
  const xx = f(x * x);
  const c = f(x - f(xx * f(f(1.666662544e-1) + f(xx * f(-2.7667332906e-3)))));
  const y = f(1 + f(f(f(f(x * c) / f(2 - c)) - lo) + hi));
  return k === 0 ? y : f(y * 2 ** k);
}

/** `logf` for positive finite arguments, step by step in single precision. */
export function logf(x: number): number {
  let ix = toBits(x);
  if (ix === 0x3f800000) return 0;
  // x = 2^k · m with m in [√2/2, √2].
  ix = (ix + (0x3f800000 - 0x3f3504f3)) >>> 0;
  const k = (ix >>> 23) - 0x7f;
  const m = fromBits((ix & 0x007fffff) + 0x3f3504f3);
  const g = f(m - 1);
  const s = f(g / f(2 + g));
  const z = f(s * s);
  const w = f(z * z);
  const t1 = f(w * f(f(0.40000972152) + f(w * f(0.24279078841))));
  const t2 = f(z * f(f(0.66666662693) + f(w * f(0.28498786688))));
  const r = f(t2 + t1);
  const hfsq = f(f(0.5 * g) * g);
  const dk = f(k);
  return f(f(f(f(f(s * f(hfsq + r)) + f(dk * f(9.0580006145e-6))) - hfsq) + g) + f(dk * f(6.9313812256e-1)));
}

/** Pagefind's defaults (`RankingWeights::default`). */
export const RANKING = {
  termSimilarity: f(1),
  pageLength: f(0.75),
  termSaturation: f(1.4),
  termFrequency: f(1),
  diacriticSimilarity: f(0.8),
  metaWeights: new Map<string, number>([['title', f(5)]]),
};

/** 1 for a word as long as the query word, less the more their lengths differ (`differential` = difference + 1). */
export function wordLengthBonus(differential: number): number {
  const d = f(Math.min(255, differential));
  const base = expf(f(f(-0.5 * f(d * d)) / 4));
  const max = expf(RANKING.termSimilarity);
  return f(expf(f(base * RANKING.termSimilarity)) / max);
}

/** BM25's IDF, one added inside the log so it is never negative. */
export function idf(totalPages: number, containing: number): number {
  return logf(f(f(f(f(f(totalPages) - f(containing)) + 0.5) / f(f(containing) + 0.5)) + 1));
}

export interface Bm25Params {
  /** The word's summed weights on the page, over 24. */
  weightedTermFrequency: number;
  documentLength: number;
  averagePageLength: number;
  totalPages: number;
  pagesContainingTerm: number;
  lengthBonus: number;
}

/** One word's score on one page. */
export function bm25(p: Bm25Params): number {
  const weighted = f(p.weightedTermFrequency * p.lengthBonus);
  const k1 = RANKING.termSaturation;
  const b = RANKING.pageLength;
  const inverse = idf(p.totalPages, p.pagesContainingTerm);
  const lengthRatio = f(p.documentLength / p.averagePageLength);
  const bm25Tf = f(f(f(k1 + 1) * weighted) / f(f(k1 * f(f(f(1 - b) + f(b * lengthRatio)))) + weighted));
  const rawTf = Math.min(f(weighted / f(p.averagePageLength / 5)), f(k1 + 1));
  const tf = f(f(f(1 - RANKING.termFrequency) * rawTf) + f(RANKING.termFrequency * bm25Tf));
  return f(inverse * tf);
}

/** ×(1 + similarity) when the word's form matches the query's diacritics. */
export function diacriticBonus(original: string, form: string): number {
  const matches = form === original || form.startsWith(original) || original.startsWith(form);
  return RANKING.diacriticSimilarity > 0 && matches ? f(1 + RANKING.diacriticSimilarity) : 1;
}

/** The average word count of a part's pages, summed in order as f32. */
export function averageLength(wordCounts: readonly number[]): number {
  let sum = 0;
  for (const n of wordCounts) sum = f(sum + f(n));
  return wordCounts.length ? f(sum / f(wordCounts.length)) : 0;
}
