import { describe, expect, it } from 'vitest';
import type { CopyEvent, CopyOutcome } from './copy-batches';
import { createWriteBatches } from './write-batches';

// Copies (copy-batches.ts) stand for any write: the batches are the same for likes.
const MAX_BATCH = 500;
const copyOf = (promptId: string): CopyEvent => ({ promptId, userId: 'anonymous', createdAt: '2026-11-24T00:00:00.000Z' });

/** A write that records each batch it gets and finishes only when the test says so. */
function heldWrite() {
  const batches: string[][] = [];
  const finishers: ((outcomes: CopyOutcome[] | Error) => void)[] = [];
  const write = (copies: readonly CopyEvent[]) =>
    new Promise<CopyOutcome[]>((resolve, reject) => {
      batches.push(copies.map((copy) => copy.promptId));
      finishers.push((outcomes) => (outcomes instanceof Error ? reject(outcomes) : resolve(outcomes)));
    });
  const finish = (index: number, outcomes: CopyOutcome[] | Error) => finishers[index]?.(outcomes);
  return { batches, write, finish };
}

/** Lets the batcher's promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('write batches', () => {
  it('writes a lone copy in the turn it arrives in, and the copies that arrive meanwhile together next, in order', async () => {
    const { batches, write, finish } = heldWrite();
    const record = createWriteBatches(write, MAX_BATCH);
    const first = record(copyOf('a'));
    await settle();
    expect(batches).toEqual([['a']]);

    const waiting = [record(copyOf('b')), record(copyOf('c')), record(copyOf('b'))];
    await settle();
    expect(batches).toEqual([['a']]);
    finish(0, [{ copyCount: 7 }]);
    expect(await first).toEqual({ copyCount: 7 });
    await settle();
    expect(batches).toEqual([['a'], ['b', 'c', 'b']]);

    finish(1, [{ copyCount: 1 }, undefined, { copyCount: 2 }]);
    expect(await Promise.all(waiting)).toEqual([{ copyCount: 1 }, undefined, { copyCount: 2 }]);
  });

  it('fails every copy of a failed batch, and goes on with the next', async () => {
    const { batches, write, finish } = heldWrite();
    const record = createWriteBatches(write, MAX_BATCH);
    const first = record(copyOf('a'));
    await settle();
    // Both arrive while the first batch is being written.
    const second = record(copyOf('b'));
    const third = record(copyOf('c'));
    finish(0, new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    expect(batches).toEqual([['a'], ['b', 'c']]);
    await expect(Promise.race([second, settle().then(() => 'pending')])).resolves.toBe('pending');
    finish(1, [{ copyCount: 1 }, { copyCount: 1 }]);
    expect(await Promise.all([second, third])).toEqual([{ copyCount: 1 }, { copyCount: 1 }]);
  });

  it('writes the copies of one turn of the event loop as one batch', async () => {
    const { batches, write, finish } = heldWrite();
    const record = createWriteBatches(write, MAX_BATCH);
    // As the requests read in one turn: SQLite writes synchronously, so nothing arrives while a batch is written.
    const copies = ['a', 'b', 'a'].map((id) => record(copyOf(id)));
    expect(batches).toEqual([]);
    await settle();
    expect(batches).toEqual([['a', 'b', 'a']]);
    finish(0, [{ copyCount: 1 }, { copyCount: 1 }, { copyCount: 2 }]);
    expect(await Promise.all(copies)).toEqual([{ copyCount: 1 }, { copyCount: 1 }, { copyCount: 2 }]);
  });

  it('splits a long queue into batches of at most the maximum', async () => {
    const { batches, write, finish } = heldWrite();
    const record = createWriteBatches(write, 2);
    const copies = ['a', 'b', 'c', 'd', 'e'].map((id) => record(copyOf(id)));
    await settle();
    // One batch at a time: the rest wait for it, however many copies the turn brought.
    expect(batches).toEqual([['a', 'b']]);
    finish(0, [{ copyCount: 1 }, { copyCount: 1 }]);
    await settle();
    finish(1, [{ copyCount: 1 }, { copyCount: 1 }]);
    await settle();
    finish(2, [{ copyCount: 1 }]);
    await Promise.all(copies);
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails every write of a batch that gave the wrong number of outcomes', async () => {
    const { write, finish } = heldWrite();
    const record = createWriteBatches(write, MAX_BATCH);
    const copies = ['a', 'b'].map((id) => record(copyOf(id)));
    await settle();
    finish(0, [{ copyCount: 1 }]);
    await expect(Promise.all(copies)).rejects.toThrow('A batch of 2 writes gave 1 outcomes');
  });
});
