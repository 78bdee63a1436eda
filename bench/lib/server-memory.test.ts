import { describe, expect, it } from 'vitest';
import { residentKb, watchServerMemory } from './server-memory';

/** Four mappings as /proc/PID/smaps lists them (fields trimmed): the file twice, its -shm file and a heap. */
const SMAPS = [
  '7fd5d1800000-7fd601295000 r--s 00000000 fe:00 5374461                    /data/sqlite.db',
  'Size:             780884 kB',
  'Rss:              300000 kB',
  'Pss:              150000 kB',
  '7fd601295000-7fd601296000 r--s 00000000 fe:00 5374461                    /data/sqlite.db',
  'Rss:                  12 kB',
  '7fd601300000-7fd601308000 rw-s 00000000 fe:00 5374470                    /data/sqlite.db-shm',
  'Rss:                  32 kB',
  '55d0c0000000-55d0c8000000 rw-p 00000000 00:00 0                          [heap]',
  'Rss:              150000 kB',
  '7fd610000000-7fd610100000 rw-p 00000000 00:00 0 ',
  'Rss:                1024 kB',
].join('\n');

describe('the server memory the bench reports', () => {
  it("sums every mapping's resident pages, and apart those of the mapped file only", () => {
    expect(residentKb(SMAPS, '/data/sqlite.db')).toEqual({ totalKb: 300_000 + 12 + 32 + 150_000 + 1024, fileKb: 300_000 + 12 });
  });

  it('takes off nothing for a file the process does not map', () => {
    expect(residentKb(SMAPS, '/data/other.db')).toEqual({ totalKb: 451_068, fileKb: 0 });
  });

  it("reads a live process's memory, with its peak at least what it holds now", () => {
    for (const watched of [watchServerMemory(process.pid), watchServerMemory(process.pid, '/no/such/file.db')]) {
      const memory = watched.read();
      watched.stop();
      expect(memory.rssMb).toBeGreaterThan(10);
      expect(memory.peakMb).toBeGreaterThanOrEqual(memory.rssMb);
      expect(memory.mappedFileMb).toBe(0);
    }
  });
});
