import { randomBytes } from 'node:crypto';
import { type FileHandle, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/**
 * Bytes too large to keep on the heap (the unpaged list: about 60 MB of JSON
 * at 100,000 prompts and 700 MB at 1,000,000), kept in a temporary file
 * instead. The file is unlinked as soon as it is open, so nothing is left
 * behind if the process dies; its space comes back when the last holder
 * lets go and the descriptor is closed.
 *
 * Holders count: whoever creates it holds it once, and anything that reads
 * it later (a response streaming it, a compression) takes a hold first with
 * `retain` and gives it back with `release`. `retain` answers false once the
 * file is closed, and the caller must then find the bytes elsewhere.
 *
 * The files go to the operating system's temporary directory (`TMPDIR`),
 * which should be a disk: on a tmpfs the bytes would take memory again.
 */
export interface SpoolFile {
  /** Appends bytes; appends must not overlap (each is awaited before the next). */
  append(bytes: Buffer): Promise<void>;
  readonly byteLength: number;
  /**
   * The bytes from start (inclusive) to end (exclusive). The caller holds
   * the file until the stream closes, which it does once read to its end
   * or destroyed.
   */
  stream(start?: number, end?: number): Readable;
  read(start: number, end: number): Promise<Buffer>;
  retain(): boolean;
  release(): void;
}

/**
 * What a stream reads at a time. Each read is a trip through libuv's thread
 * pool: at 100,000 prompts, 8 clients downloading an 8 MB file got 600
 * downloads in 10 s in reads of 256 KB and 700-800 in reads of 1 MB.
 */
const STREAM_BLOCK_BYTES = 1024 * 1024;

/**
 * Calls release with the promise's value a turn after it settles (never if
 * it fails): whoever was handed the value just before it was let go can
 * still take a hold of their own in the meantime.
 */
export function releaseAfterTurn<T>(value: Promise<T>, release: (value: T) => void): void {
  value.then(
    (settled) => setImmediate(() => release(settled)),
    () => undefined,
  );
}

let fileNumber = 0;
let openFiles = 0;

/** How many spool files are open: each one's holders have not all let go. */
export function openSpoolFileCount(): number {
  return openFiles;
}

export async function createSpoolFile(): Promise<SpoolFile> {
  fileNumber += 1;
  const path = join(tmpdir(), `prompt-vault-spool-${process.pid}-${fileNumber}-${randomBytes(6).toString('hex')}`);
  // 'wx+': never an existing file (another process's, or a link planted in a shared directory).
  const handle: FileHandle = await open(path, 'wx+', 0o600);
  // Unlinked at once where the system allows an open file to be (not Windows): its descriptor keeps it readable.
  const unlinked = await rm(path).then(
    () => true,
    () => false,
  );
  let holders = 1;
  let byteLength = 0;

  openFiles += 1;
  const close = () => {
    openFiles -= 1;
    handle.close().then(
      () => (unlinked ? undefined : rm(path, { force: true })),
      () => undefined,
    );
  };

  const read = async (start: number, end: number): Promise<Buffer> => {
    const bytes = Buffer.allocUnsafe(end - start);
    let done = 0;
    while (done < bytes.length) {
      const { bytesRead } = await handle.read(bytes, done, bytes.length - done, start + done);
      if (bytesRead === 0) throw new Error(`A spool file ended at ${start + done} of ${end}`);
      done += bytesRead;
    }
    return bytes;
  };

  return {
    async append(bytes) {
      const position = byteLength;
      byteLength += bytes.length;
      let written = 0;
      while (written < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, position + written);
        written += bytesWritten;
      }
    },
    get byteLength() {
      return byteLength;
    },
    stream(start = 0, end = byteLength) {
      async function* blocks() {
        for (let from = start; from < end; from += STREAM_BLOCK_BYTES) yield await read(from, Math.min(end, from + STREAM_BLOCK_BYTES));
      }
      return Readable.from(blocks(), { objectMode: false });
    },
    read,
    retain() {
      if (holders === 0) return false;
      holders += 1;
      return true;
    },
    release() {
      if (holders === 0) return;
      holders -= 1;
      if (holders === 0) close();
    },
  };
}
