import { describe, expect, it } from 'vitest';
import { chunkProbes, compareCodePoints, stemFloor } from '../../src/islands/chunk-range.ts';

describe('the chunks a word needs', () => {
  it('starts from a prefix of the word that its Snowball stem keeps', () => {
    // Porter 2 stems: run, stream, configur, cri, data, travel, organiz.
    const stems: [string, string][] = [
      ['running', 'run'],
      ['streaming', 'stream'],
      ['configuration', 'configur'],
      ['cries', 'cri'],
      ['data', 'data'],
      ['travel', 'travel'],
      ['organizational', 'organiz'],
      ['happy', 'happi'],
      ['hoped', 'hope'],
      ['stopped', 'stop'],
      ['generalization', 'gener'],
      ['install', 'instal'],
      ['crying', 'cri'],
      ['table', 'tabl'],
      ['date', 'date'],
      ['stage', 'stage'],
      ['create', 'creat'],
      ['time', 'time'],
      ['player', 'player'],
      ['played', 'play'],
      ['effectively', 'effect'],
      ['date_trunc', 'date_trunc'],
      ['databases', 'databas'],
    ];
    for (const [word, stem] of stems)
      expect(stem.startsWith(stemFloor(word)), `${word} -> ${stemFloor(word)}`).toBe(true);
    // And no shorter than it needs to be for a word without a suffix: `stream` stays whole.
    expect(stemFloor('stream')).toBe('stream');
    expect(stemFloor('date_trunc')).toBe('date_trunc');
    // A final e after a short syllable stays (Porter 2's step 5): `date` does not load every `data` chunk.
    expect(stemFloor('date')).toBe('date');
  });

  it('loads the chunk the stem sorts into and every chunk whose first word extends it', () => {
    const starts = ['0', 'a2', 'sql1', 'str1', 'strea', 'streamin', 'stu', 'tab'].sort(compareCodePoints);
    // `stream`: its stem sorts into the chunk starting `strea`, and `streamin` holds more of its extensions.
    expect(chunkProbes(starts, 'stream')).toEqual(['strea', 'streamin']);
    // `streaming` stems to `stream`: the same chunks, not just the one `streaming` sorts into.
    expect(chunkProbes(starts, 'streaming')).toEqual(['strea', 'streamin']);
    expect(chunkProbes(starts, 'table')).toEqual(['tab']);
    expect(chunkProbes([], 'table')).toEqual([]);
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
