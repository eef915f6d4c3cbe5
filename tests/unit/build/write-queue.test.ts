/** The site's files are written a few at a time: never more at once than asked, every one, and a failure stops the rest. */
import { describe, expect, it } from 'vitest';
import { WriteQueue } from '../../../src/build/write/write-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('write queue', () => {
  it('runs every task, at most the given number at once', async () => {
    const queue = new WriteQueue(3);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    for (let i = 0; i < 20; i++) {
      queue.add(async () => {
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        done.push(i);
      });
    }
    await queue.done();
    expect(most).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('rejects with the first failure once the tasks in flight have settled, and starts no more', async () => {
    const queue = new WriteQueue(2);
    const started: number[] = [];
    for (let i = 0; i < 10; i++) {
      queue.add(async () => {
        started.push(i);
        await tick();
        if (i === 1) throw new Error('disk full');
      });
    }
    await expect(queue.done()).rejects.toThrow('disk full');
    expect(started.length).toBeLessThan(10);
  });

  it('is done at once when nothing was added', async () => {
    await expect(new WriteQueue().done()).resolves.toBeUndefined();
  });
});
