import type { Kysely } from 'kysely';
import { duplicateKey } from './duplicate-key';
import { newId, nowIso } from './ids';
import { addSimilarityBands } from '../similar/repository';
import { addPromptTags } from '../tags/repository';
import { toTagList } from '../tags/stored-tags';
import { sampleTags } from './sample-tags';
import type { Database } from './schema';
import { countVisiblePrompts } from './summaries';
// Imported rather than read from disk, so the server bundle (build.ts) carries it.
import samplePrompts from './seed/sample-prompts.json' with { type: 'json' };

interface SampleComment {
  readonly text: string;
  readonly author?: string;
  readonly daysAgo: number;
}

interface SamplePrompt {
  readonly title: string;
  readonly prompt: string;
  readonly category: string;
  readonly model: string;
  readonly daysAgo: number;
  readonly likes: number;
  readonly copies: number;
  readonly comments?: readonly SampleComment[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The sample data is shaped like a young library people actually use, so
 * every screen tells something on first start (seed.test.ts checks each
 * point):
 * - categories and models are uneven: Writing and GPT-4o lead, a long tail
 *   follows, as in any real collection (ten equal pie slices tell nothing);
 * - the prompts were shared over the last SAMPLE_WEEKS weeks, more each week
 *   than the week before, several on most days (`daysAgo`), so 'Prompts
 *   shared' has a shape;
 * - older prompts have gathered more likes and copies than new ones, and
 *   every note was written after its prompt was shared.
 * Likes and copies are spread evenly from a prompt's sharing until now, so
 * today, a day not over yet, has fewer of them than yesterday; Insights
 * marks today as in progress for that reason. Tags follow one rule
 * (sampleTags in sample-tags.ts).
 */
export const SAMPLE_WEEKS = 8;

export function readSamplePrompts(): readonly SamplePrompt[] {
  return samplePrompts as readonly SamplePrompt[];
}

/** A sample visitor id in the same shape the web app creates. */
function sampleUserId(index: number): string {
  return `user_sample${String(index).padStart(6, '0')}`;
}

/**
 * Loads the bundled sample prompts, with their likes, copies and notes, into
 * an empty database, so every screen looks alive on first start. Counters are
 * written from the rows they count. Does nothing when prompts already exist.
 */
export async function seedSampleData(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const existing = await db.selectFrom('prompts').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const samples = readSamplePrompts();
  const at = (daysAgo: number, fraction = 0) => nowIso(new Date(now.getTime() - daysAgo * DAY_MS * (1 - fraction)));

  await db.transaction().execute(async (trx) => {
    const stored: { id: string; title: string }[] = [];
    for (const [index, sample] of samples.entries()) {
      const id = newId();
      stored.push({ id, title: sample.title });
      // Spread creation over the day so the newest-first order is stable.
      const createdAt = nowIso(new Date(now.getTime() - sample.daysAgo * DAY_MS - index * 60_000));
      const comments = sample.comments ?? [];
      const tags = sampleTags(sample);
      await trx
        .insertInto('prompts')
        .values({
          id,
          title: sample.title,
          prompt: sample.prompt,
          category: sample.category,
          model: sample.model,
          like_count: sample.likes,
          copy_count: sample.copies,
          comment_count: comments.length,
          created_at: createdAt,
          duplicate_key: duplicateKey(sample.title, sample.prompt),
          tag_list: toTagList(tags),
        })
        .execute();
      await addPromptTags(trx, { id, created_at: createdAt }, tags);
      await addSimilarityBands(trx, [{ id, title: sample.title, prompt: sample.prompt }]);
      if (sample.likes > 0) {
        await trx
          .insertInto('likes')
          .values(
            Array.from({ length: sample.likes }, (_, like) => ({
              prompt_id: id,
              user_id: sampleUserId(like),
              created_at: at(sample.daysAgo, (like + 1) / (sample.likes + 1)),
            })),
          )
          .execute();
      }
      if (sample.copies > 0) {
        await trx
          .insertInto('copies')
          .values(
            Array.from({ length: sample.copies }, (_, copy) => ({
              prompt_id: id,
              user_id: copy % 3 === 0 ? 'anonymous' : sampleUserId(copy),
              created_at: at(sample.daysAgo, (copy + 1) / (sample.copies + 1)),
            })),
          )
          .execute();
      }
      for (const [commentIndex, comment] of comments.entries()) {
        await trx
          .insertInto('comments')
          .values({
            id: newId(),
            prompt_id: id,
            text: comment.text,
            author: comment.author ?? null,
            user_id: null,
            created_at: nowIso(new Date(now.getTime() - comment.daysAgo * DAY_MS + commentIndex * 60_000)),
          })
          .execute();
      }
    }
    // The popular keywords' word counts and the short needles' (the other summaries follow the rows by trigger).
    await countVisiblePrompts(trx, stored, 1);
  });
  return samples.length;
}
