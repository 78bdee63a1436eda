/**
 * The thread that draws the generated prompts and their near-duplicate keys
 * (prompt-thread.ts) while the main thread writes the batches before them,
 * then, if asked, gives back every key in key order. It runs under tsx, as
 * the generator does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Dataset } from './dataset';
import { promptBatch } from './prompt-batch';
import type { PromptThreadData, PromptThreadMessage } from './prompt-thread';
import { SimilarityKeySorter } from './similarity-key-sorter';

const { options, batchSize, taken, ahead, sortKeys } = workerData as PromptThreadData;
const port = parentPort;
if (!port) throw new Error('prompt-thread-worker.ts runs as a worker thread');

let sent = 0;
function send(message: PromptThreadMessage, transfer: ArrayBuffer[]): void {
  // Blocks this thread, not the main one, until the main thread has taken all but `ahead` of the messages sent.
  for (let seen = Atomics.load(taken, 0); sent - seen >= ahead; seen = Atomics.load(taken, 0)) Atomics.wait(taken, 0, seen);
  port?.postMessage(message, transfer);
  sent += 1;
}

const sorter = sortKeys ? new SimilarityKeySorter(options.prompts) : undefined;
for (const prompts of new Dataset(options).prompts(batchSize)) {
  const batch = promptBatch(prompts);
  sorter?.add(batch);
  send({ kind: 'prompts', batch }, [batch.bandKeys.buffer, batch.bandCounts.buffer]);
}
for (const chunk of sorter?.chunks(batchSize * 24) ?? []) send({ kind: 'keys', chunk }, [chunk.keys.buffer, chunk.positions.buffer]);
send({ kind: 'done' }, []);
