/**
 * The thread that draws the generated prompts and their near-duplicate keys
 * (PromptBatchesThread) while the main thread writes the batches
 * before them. It runs under tsx, as the generator does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Dataset, type DatasetOptions } from './dataset';
import { promptBatch } from './prompt-batch';
import type { PromptBatchesThreadData } from './prompt-batches-thread';

const { options, batchSize, taken, ahead } = workerData as PromptBatchesThreadData & { options: DatasetOptions };
const port = parentPort;
if (!port) throw new Error('prompt-batches-worker.ts runs as a worker thread');

let sent = 0;
for (const prompts of new Dataset(options).prompts(batchSize)) {
  // Blocks this thread, not the main one, while `ahead` batches sent are not yet taken (this one, drawn, waits).
  for (let seen = Atomics.load(taken, 0); sent - seen >= ahead; seen = Atomics.load(taken, 0)) Atomics.wait(taken, 0, seen);
  const batch = promptBatch(prompts);
  port.postMessage(batch, [batch.bandKeys.buffer, batch.bandCounts.buffer]);
  sent += 1;
}
port.postMessage('done');
