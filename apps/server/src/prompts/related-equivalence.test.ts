import { RELATED_PROMPTS_LIMIT } from '@prompt-vault/shared/limits';
import { promptSchema } from '@prompt-vault/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Dialect } from '../db/connect';
import { duplicateKey } from '../db/duplicate-key';
import { toTagList } from '../tags/stored-tags';
import { type TestApp, createTestApp } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { insertPrompt } from './insert-repository';

/**
 * One fixed corpus, the same ids on both databases, so that even the last
 * tie-break (by id) must come out the same: related prompts are ranked in
 * TypeScript over candidates each database chose, and both must choose alike.
 */
// Thirty prompts a category: more than a source reads (20), so where it cuts among equal likes matters.
const CATEGORIES = ['Marketing', 'Sales', 'Writing'];
const TAGS = ['email', 'newsletter', 'sql', 'review', 'plan', 'trip', 'pitch', 'blog'];
const ADJECTIVES = ['Quick', 'Detailed', 'Friendly', 'Practical', 'Rapid', 'Smart', 'Simple'];
const TOPICS = ['Email', 'Newsletter', 'Query', 'Itinerary', 'Pitch', 'Blog Post', 'Code Review', 'Budget', 'Outline', 'Résumé', 'Menu'];
const ROLES = ['Writer', 'Reviewer', 'Planner', 'Coach'];
const WORDS = ['audience', 'subject', 'tables', 'museums', 'deadline', 'budget', 'tone', 'index', 'trains', 'headline', 'pricing'];
const PROMPTS = 90;

const corpus = Array.from({ length: PROMPTS }, (_, index) => {
  const tagCount = index % 3;
  return {
    // Fixed ids in an order of their own (not the insertion order), mixing cases as real ids do.
    id: `Rel${((index * 37) % PROMPTS).toString(36).padStart(3, '0')}${index % 2 === 0 ? 'A' : 'a'}${String(index).padStart(10, '0')}`,
    title: `${ADJECTIVES[index % ADJECTIVES.length]} ${TOPICS[index % TOPICS.length]} ${ROLES[index % ROLES.length]}`,
    prompt: `Write about the ${WORDS[index % WORDS.length]} and the ${WORDS[(index * 3) % WORDS.length]} for ${TOPICS[(index * 5) % TOPICS.length]} number ${index}.`,
    category: CATEGORIES[index % CATEGORIES.length] ?? '',
    tags: Array.from({ length: tagCount }, (_, tag) => TAGS[(index + tag * 3) % TAGS.length] ?? ''),
    // Few distinct counts, so that many ties fall to the id.
    likes: (index * 7) % 4,
    hidden: index % 17 === 16,
  };
});

/**
 * Forty prompts alike but for their text, all without likes: each source
 * reads 20 of them, chosen by id alone, and which 20 decides the answers
 * (their texts overlap differently). A database cutting elsewhere differs.
 */
const ALIKE = Array.from({ length: 40 }, (_, index) => ({
  id: `Cook${index % 2 === 0 ? 'Z' : 'z'}${((index * 13) % 40).toString().padStart(11, '0')}`,
  title: `Cooking Card ${index}`,
  prompt: `Cook the ${WORDS[index % WORDS.length]} with ${WORDS[(index * 5) % WORDS.length]} slowly, batch ${index}.`,
  category: 'Cooking',
  tags: [] as string[],
  likes: 0,
  hidden: false,
}));
corpus.push(...ALIKE);

describe.skipIf(!process.env.TEST_DATABASE_URL)('related prompts on SQLite and PostgreSQL', () => {
  const apps = new Map<Dialect, TestApp>();
  beforeAll(async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const database = await createTestDatabase(dialect);
      for (const prompt of corpus) {
        const result = await insertPrompt(database.db, {
          id: prompt.id,
          title: prompt.title,
          prompt: prompt.prompt,
          category: prompt.category,
          model: 'o3',
          like_count: prompt.likes,
          status: prompt.hidden ? 'hidden' : 'visible',
          created_at: `2026-11-01T00:00:${String(prompt.id.length).padStart(2, '0')}.000Z`,
          duplicate_key: duplicateKey(prompt.title, prompt.prompt),
          tag_list: toTagList(prompt.tags),
        });
        expect(result.inserted).toBe(true);
      }
      apps.set(dialect, await createTestApp(dialect, {}, { database }));
    }
  });
  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  const relatedIds = async (dialect: Dialect, id: string): Promise<string[] | number> => {
    const response = await apps.get(dialect)?.app.inject({ url: `/api/prompts/${id}/related` });
    if (response?.statusCode !== 200) return response?.statusCode ?? 0;
    return z
      .array(promptSchema)
      .parse(response.json())
      .map((prompt) => prompt._id);
  };

  it('gives every prompt the same related prompts, in the same order', async () => {
    let full = 0;
    for (const prompt of corpus) {
      const [sqlite, postgres] = await Promise.all([relatedIds('sqlite', prompt.id), relatedIds('postgres', prompt.id)]);
      expect(postgres, prompt.title).toEqual(sqlite);
      if (prompt.hidden) expect(sqlite).toBe(404);
      else if (Array.isArray(sqlite) && sqlite.length === RELATED_PROMPTS_LIMIT) full += 1;
    }
    // The corpus is rich enough that most prompts fill the section.
    expect(full).toBeGreaterThan(corpus.length / 2);
  });
});
