import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { statusKb, watchServerMemory } from './server-memory';

const MB = 1024 * 1024;
const ownStatusKb = (field: string) => statusKb(readFileSync('/proc/self/status', 'utf8'), field);

describe('the server memory the bench reports', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('reads a field of /proc status in kB, and fails on one it lacks', () => {
    const status = 'Name:\tnode\nVmHWM:\t  230000 kB\nVmRSS:\t  216212 kB\nRssFile:\t   57888 kB\n';
    expect(statusKb(status, 'VmRSS')).toBe(216_212);
    expect(statusKb(status, 'RssFile')).toBe(57_888);
    expect(() => statusKb(status, 'RssAnon')).toThrow(/RssAnon/);
  });

  it("is the kernel's RSS and peak for a process that maps no database", async () => {
    // A process that held 64 MB more than it holds now: its peak is well above its RSS.
    const child = spawn(
      process.execPath,
      ['--expose-gc', '-e', 'let b = Buffer.alloc(64 << 20, 1); b = null; gc(); console.log("ready"); setInterval(() => {}, 1000);'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await once(child.stdout, 'data');
      const pid = child.pid ?? 0;
      const watched = watchServerMemory(pid, false);
      const memory = watched.read();
      watched.stop();
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      expect(memory.mappedFileMb).toBe(0);
      expect(memory.peakMb * 1024).toBe(statusKb(status, 'VmHWM'));
      expect(memory.peakMb - memory.rssMb).toBeGreaterThan(32);
    } finally {
      child.kill();
    }
  });

  it('takes the pages of a database file mapped since it started off the RSS and its peak, and gives them apart', () => {
    dir = mkdtempSync(join(tmpdir(), 'pv-server-memory-'));
    const file = join(dir, 'mapped.db');
    const writer = new Database(file);
    writer.exec('CREATE TABLE t (b BLOB)');
    const insert = writer.prepare('INSERT INTO t VALUES (randomblob(?))');
    for (let row = 0; row < 64; row += 1) insert.run(MB);
    writer.close();

    const watched = watchServerMemory(process.pid, true);
    const reader = new Database(file, { readonly: true });
    let kernelRssKb: number;
    let mapped: ReturnType<typeof watched.read>;
    try {
      reader.pragma('mmap_size = 268435456');
      // hex() reads every byte of each blob (length() alone would not), so every page of the file through the map.
      expect(reader.prepare('SELECT sum(length(hex(b))) AS n FROM t').get()).toEqual({ n: 2 * 64 * MB });
      kernelRssKb = ownStatusKb('VmRSS');
      mapped = watched.read();
    } finally {
      reader.close();
      watched.stop();
    }

    expect(mapped.mappedFileMb).toBeGreaterThan(48);
    expect(kernelRssKb / 1024 - mapped.rssMb).toBeGreaterThan(48);
    // The peak is the most of what the process held itself, never with the file's pages.
    expect(mapped.peakMb).toBeLessThan(kernelRssKb / 1024 - 48);
  });
});
