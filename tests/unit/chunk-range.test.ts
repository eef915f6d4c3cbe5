import { describe, expect, it } from 'vitest';
import { chunkProbes, compareCodePoints } from '../../src/islands/chunk-range.ts';

describe('the chunks a word needs', () => {
  it('loads the chunk the stem sorts into and every chunk whose first word extends it', () => {
    const starts = ['0', 'a2', 'sql1', 'str1', 'strea', 'streamin', 'stu', 'tab'].sort(compareCodePoints);
    // `stream`: its stem sorts into the chunk starting `strea`, and `streamin` holds more of its extensions.
    expect(chunkProbes(starts, 'stream')).toEqual(['strea', 'streamin']);
    // `streaming` stems to `stream`: the same chunks, not just the one `streaming` sorts into.
    expect(chunkProbes(starts, 'streaming')).toEqual(['strea', 'streamin']);
    expect(chunkProbes(starts, 'table')).toEqual(['tab']);
    expect(chunkProbes([], 'table')).toEqual([]);
    // A stem that is not a prefix of the word: `query` and `queries` both match the words starting with `queri`.
    const q = ['quo', 'quer', 'queri1', 'queriz', 'querz'].sort(compareCodePoints);
    expect(chunkProbes(q, 'query')).toEqual(['quer', 'queri1', 'queriz']);
    expect(chunkProbes(q, 'queries')).toEqual(['quer', 'queri1', 'queriz']);
    // A final e after a short syllable stays (Porter 2's step 5): `date` does not load the chunks of `dat…`.
    expect(chunkProbes(['dat', 'data', 'date', 'datez'], 'date')).toEqual(['date', 'datez']);
  });

  it('orders by code point, as Pagefind orders words', () => {
    expect(['b', 'a_', 'a', '\u{1F600}', '\uFFFD'].sort(compareCodePoints)).toEqual([
      'a',
      'a_',
      'b',
      '\uFFFD',
      '\u{1F600}',
    ]);
  });
});
