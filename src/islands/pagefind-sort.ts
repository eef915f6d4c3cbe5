/**
 * Rust's `sort_unstable_by_key` (the standard library's ipnsort), step by step, for the one place its order of
 * equal keys shows in Pagefind's answers: a page's word occurrences sorted by position, where the parts of a
 * compound word share their whole word's position and the first of them counts. Sorting the same list the same
 * way leaves equal keys where Pagefind's WebAssembly leaves them.
 */

/** Insertion sort up to this length (`MAX_LEN_ALWAYS_INSERTION_SORT`). */
const ALWAYS_INSERTION = 20;
/** Quicksort's slices this short are sorted by its small sort, which keeps equal keys in order. */
const SMALL_SORT = 32;
/** From this length the pivot is a median of medians. */
const PSEUDO_MEDIAN_REC = 64;

type Less<T> = (a: T, b: T) => boolean;

/** Sorts `v` in place by `key`, as Rust's `sort_unstable_by_key` does for an element of 24 bytes. */
export function sortUnstableByKey<T>(v: T[], key: (x: T) => number): void {
  const less: Less<T> = (a, b) => key(a) < key(b);
  const len = v.length;
  if (len < 2) return;
  if (len <= ALWAYS_INSERTION) return stableSort(v, 0, len, less);
  // A list sorted already (or strictly descending) is left (or reversed).
  let run = 2;
  const descending = less(v[1]!, v[0]!);
  while (run < len && (descending ? less(v[run]!, v[run - 1]!) : !less(v[run]!, v[run - 1]!))) run++;
  if (run === len) {
    if (descending) v.reverse();
    return;
  }
  quicksort(v, 0, len, undefined, 2 * Math.floor(Math.log2(len | 1)), less);
}

/** A stable sort of `v[from, to)`: what Rust's insertion sort and small sort leave. */
function stableSort<T>(v: T[], from: number, to: number, less: Less<T>): void {
  const part = v.slice(from, to).sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
  for (let i = 0; i < part.length; i++) v[from + i] = part[i]!;
}

function quicksort<T>(v: T[], from: number, to: number, ancestor: T | undefined, limit: number, less: Less<T>): void {
  for (;;) {
    const len = to - from;
    if (len <= SMALL_SORT) return stableSort(v, from, to, less);
    if (limit === 0) return heapsort(v, from, to, less);
    limit--;
    const pivot = choosePivot(v, from, len, less);
    // A pivot no greater than the one before it is the smallest: equal elements go left, and are done.
    if (ancestor !== undefined && !less(ancestor, v[from + pivot]!)) {
      const lt = partition(v, from, to, pivot, (a, b) => !less(b, a));
      from += lt + 1;
      ancestor = undefined;
      continue;
    }
    const lt = partition(v, from, to, pivot, less);
    quicksort(v, from, from + lt, ancestor, limit, less);
    ancestor = v[from + lt];
    from += lt + 1;
  }
}

function median3<T>(v: T[], a: number, b: number, c: number, less: Less<T>): number {
  const x = less(v[a]!, v[b]!);
  const y = less(v[a]!, v[c]!);
  if (x !== y) return a;
  return less(v[b]!, v[c]!) !== x ? c : b;
}

function median3Rec<T>(v: T[], a: number, b: number, c: number, n: number, less: Less<T>): number {
  if (n * 8 >= PSEUDO_MEDIAN_REC) {
    const n8 = Math.floor(n / 8);
    a = median3Rec(v, a, a + n8 * 4, a + n8 * 7, n8, less);
    b = median3Rec(v, b, b + n8 * 4, b + n8 * 7, n8, less);
    c = median3Rec(v, c, c + n8 * 4, c + n8 * 7, n8, less);
  }
  return median3(v, a, b, c, less);
}

/** The pivot's index relative to `from`. */
function choosePivot<T>(v: T[], from: number, len: number, less: Less<T>): number {
  const n8 = Math.floor(len / 8);
  const [a, b, c] = [from, from + n8 * 4, from + n8 * 7];
  return (len < PSEUDO_MEDIAN_REC ? median3(v, a, b, c, less) : median3Rec(v, a, b, c, n8, less)) - from;
}

const swap = <T>(v: T[], i: number, j: number) => {
  const t = v[i]!;
  v[i] = v[j]!;
  v[j] = t;
};

/**
 * Rust's branchless cyclic Lomuto partition around `v[from + pivot]`: the number of elements less than the pivot,
 * which ends at that index.
 */
function partition<T>(v: T[], from: number, to: number, pivot: number, less: Less<T>): number {
  swap(v, from, from + pivot);
  const p = v[from]!;
  const base = from + 1;
  const len = to - base;
  let lt = 0;
  if (len > 0) {
    // The first element is held aside, leaving a gap that moves along as elements are cycled in.
    const held = v[base]!;
    let gap = base;
    const step = (right: T, at: number) => {
      const isLt = less(right, p);
      v[gap] = v[base + lt]!;
      v[base + lt] = right;
      gap = at;
      lt += isLt ? 1 : 0;
    };
    for (let right = base + 1; right < to; right++) step(v[right]!, right);
    step(held, -1);
  }
  swap(v, from, from + lt);
  return lt;
}

function heapsort<T>(v: T[], from: number, to: number, less: Less<T>): void {
  const len = to - from;
  const siftDown = (end: number, node: number) => {
    for (;;) {
      let child = 2 * node + 1;
      if (child >= end) return;
      if (child + 1 < end && less(v[from + child]!, v[from + child + 1]!)) child++;
      if (!less(v[from + node]!, v[from + child]!)) return;
      swap(v, from + node, from + child);
      node = child;
    }
  };
  for (let i = len + Math.floor(len / 2) - 1; i >= 0; i--) {
    let sift = i - len;
    if (i < len) {
      swap(v, from, from + i);
      sift = 0;
    }
    siftDown(Math.min(i, len), sift);
  }
}
