/** Which page a render thread takes next: languages stay with the thread that met them, and no page is left behind. */
import { describe, expect, it } from 'vitest';
import { nextJobFor } from '../../../src/build/render/render-pool.ts';

const A = 'thread A';
const B = 'thread B';
const threads = [A, B];

describe('render pool: which page a thread takes', () => {
  it('takes the first page when no language belongs to a thread yet', () => {
    expect(nextJobFor(B, threads, [['go'], [], []], new Map())).toBe(0);
  });

  it('passes over a page in a language another thread met, which that thread takes first', () => {
    const owners = new Map([['go', A]]);
    expect(nextJobFor(B, threads, [['go'], ['go', 'toml'], []], owners)).toBe(2);
    expect(nextJobFor(A, threads, [['go'], ['go', 'toml'], []], owners)).toBe(0);
  });

  it('takes a page whose languages belong to different threads, so none is left waiting', () => {
    const owners = new Map([
      ['go', A],
      ['java', B],
    ]);
    expect(nextJobFor(B, threads, [['go', 'java']], owners)).toBe(0);
    expect(nextJobFor(A, threads, [['go', 'java']], owners)).toBe(0);
  });

  it('takes nothing when every waiting page belongs to another thread', () => {
    expect(nextJobFor(B, threads, [['go'], ['go']], new Map([['go', A]]))).toBe(-1);
  });
});
