import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createSpoolFile, openSpoolFileCount } from './spool-file';

/** Bytes of a known pattern, longer than one of the stream's blocks. */
function pattern(length: number, seed: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 251));
}

describe('a spool file', () => {
  it('reads back what was appended, whole, in ranges and as a stream', async () => {
    const file = await createSpoolFile();
    const parts = [pattern(1, 1), pattern(300_000, 2), pattern(0, 3), pattern(500_001, 4)];
    for (const part of parts) await file.append(part);
    const all = Buffer.concat(parts);
    expect(file.byteLength).toBe(all.length);
    expect((await file.read(0, all.length)).equals(all)).toBe(true);
    expect((await file.read(299_990, 300_020)).equals(all.subarray(299_990, 300_020))).toBe(true);
    expect((await buffer(file.stream())).equals(all)).toBe(true);
    expect((await buffer(file.stream(5, 400_000))).equals(all.subarray(5, 400_000))).toBe(true);
    expect((await buffer(file.stream(7, 7))).length).toBe(0);
    await expect(file.read(all.length - 1, all.length + 1)).rejects.toThrow(/ended/);
    file.release();
  });

  it('leaves no name in the temporary directory', async () => {
    const file = await createSpoolFile();
    await file.append(pattern(10, 5));
    const names = await readdir(tmpdir());
    expect(names.filter((name) => name.startsWith(`prompt-vault-spool-${process.pid}-`))).toEqual([]);
    expect((await file.read(0, 10)).equals(pattern(10, 5))).toBe(true);
    file.release();
  });

  it('stays open while anyone holds it, and closes for good when the last one lets go', async () => {
    const before = openSpoolFileCount();
    const file = await createSpoolFile();
    expect(openSpoolFileCount()).toBe(before + 1);
    expect(file.retain()).toBe(true);
    file.release();
    expect(openSpoolFileCount()).toBe(before + 1);
    file.release();
    expect(openSpoolFileCount()).toBe(before);
    expect(file.retain()).toBe(false);
    // A release too many changes nothing.
    file.release();
    expect(openSpoolFileCount()).toBe(before);
  });
});
