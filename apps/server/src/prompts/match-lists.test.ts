import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '../cache/app-caches';
import { cacheKeys } from '../cache/keys';
import { localLibraryWrites } from '../cache/library-writes';
import { type TestDatabase, TEST_DIALECTS, createTestDatabase } from '../testing/test-database';
import { userId } from '../testing/test-app';
import { createModerationService } from '../moderation/service';
import { keptTotalWalkedFrom, matchListLimit } from './listing';
import { matchCountReach } from './read-repository';
import { type PromptsService, createPromptsService } from './service';

/** More than the smallest match list (MIN_MATCH_LIST in listing.ts), so "common" has none. */
const COMMON = 110;

/**
 * Which prompts contain a search text changes when a prompt is added, hidden
 * or shown, not when one is liked or copied: a search's match list is kept
 * with the catalog's answers, through likes and copies, and dropped with them.
 */
describe.each(TEST_DIALECTS)("a search's match list on %s", (dialect) => {
  let database: TestDatabase;
  let caches: ReturnType<typeof createAppCaches>;
  let library: PromptsService;
  let moderation: ReturnType<typeof createModerationService>;
  let rareId: string;

  const share = (title: string) => library.create({ title, prompt: `The text of ${title}.`, category: 'Writing', model: 'o3', tags: [] });
  const kept = (text: string, visible: number) =>
    caches.catalog.peek<{ list?: { matches: unknown[] } }>(
      cacheKeys.searchMatches(text, matchListLimit(visible), matchCountReach(matchListLimit(visible))),
    );
  const search = async (text: string) => (await library.list({ q: text, limit: 48 }, undefined)).prompts.map((prompt) => prompt.title);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    caches = createAppCaches();
    library = createPromptsService(database, caches, localLibraryWrites(caches));
    moderation = createModerationService(database.db, localLibraryWrites(caches));
    for (let index = 0; index < COMMON; index += 1) await share(`Common task ${index}`);
    rareId = (await share('Rare Zebra Note'))._id;
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('is kept through likes and copies, and read again once a prompt is added', async () => {
    expect(await search('zebra')).toEqual(['Rare Zebra Note']);
    expect(kept('zebra', COMMON + 1)?.value.list?.matches).toHaveLength(1);

    await library.like(rareId, userId(1), true);
    await library.copy(rareId, userId(2));
    expect(kept('zebra', COMMON + 1)?.value.list?.matches).toHaveLength(1);
    expect(await search('zebra')).toEqual(['Rare Zebra Note']);

    await share('Zebra Crossing Checklist');
    expect(kept('zebra', COMMON + 1)).toBeUndefined();
    expect(await search('zebra')).toEqual(['Zebra Crossing Checklist', 'Rare Zebra Note']);
    expect(kept('zebra', COMMON + 2)?.value.list?.matches).toHaveLength(2);
  });

  it('keeps a common text as having no list, so a like does not read its matches again', async () => {
    const visible = await library.countVisible();
    expect(await search('common')).toHaveLength(48);
    const entry = kept('common', visible);
    expect(entry).toBeDefined();
    expect(entry?.value.list).toBeUndefined();
    await library.like(rareId, userId(3), true);
    expect(kept('common', visible)).toBe(entry);
  });

  it('reads no match of a word whose kept total is past where walking wins (PostgreSQL), and keeps it exact through a hide', async () => {
    const titles = (page: { prompts: { title: string }[] }) => page.prompts.map((prompt) => prompt.title);
    const newest = async () => titles(await library.list({ limit: 48 }, undefined));
    // "text" is in every prompt ("The text of ..."), "common" in all but the zebras: one past the bound, one under it.
    let visible = await library.countVisible();
    expect(visible).toBeGreaterThanOrEqual(keptTotalWalkedFrom(visible));
    expect(visible - 2).toBeLessThan(keptTotalWalkedFrom(visible));
    const page = await library.list({ q: 'text', limit: 48 }, undefined);
    expect(page.total).toBe(visible);
    expect(titles(page)).toEqual(await newest());
    // SQLite keeps no word counts: its list (none: the text is common) is read and kept, as before.
    expect(kept('text', visible) === undefined).toBe(dialect === 'postgres');
    expect((await library.list({ q: 'common', limit: 48 }, undefined)).total).toBe(COMMON);
    expect(kept('common', visible)).toBeDefined();

    // Beside a category the kept counts are not its total: the list decides, and the kept answer is not asked
    // ("the", in every prompt, all of them Writing, and not searched before).
    const inWriting = await library.list({ q: 'the', category: 'Writing', limit: 48 }, undefined);
    expect(titles(inWriting)).toEqual(await newest());
    expect(caches.catalog.peek(cacheKeys.keptWordFew('the'))).toBeUndefined();
    expect(caches.catalog.peek(cacheKeys.keptWordFew('text')) === undefined).toBe(dialect === 'sqlite');

    // Hidden, a prompt leaves the kept count and the walked page alike, and the page still walks.
    await moderation.setPromptStatus(rareId, 'hidden');
    try {
      visible -= 1;
      expect(visible).toBeGreaterThanOrEqual(keptTotalWalkedFrom(visible));
      const afterHide = await library.list({ q: 'text', limit: 48 }, undefined);
      expect(afterHide.total).toBe(visible);
      expect(titles(afterHide)).not.toContain('Rare Zebra Note');
      expect(titles(afterHide)).toEqual(await newest());
      expect(kept('text', visible) === undefined).toBe(dialect === 'postgres');
    } finally {
      await moderation.setPromptStatus(rareId, 'visible');
    }
  });

  it('counts a common text on past its limit only for a search with nothing beside it (decision 0021)', async () => {
    const peek = (limit: number, countTo: number) =>
      caches.catalog.peek<{ list?: unknown; matchCount?: number }>(cacheKeys.searchMatches('common task', limit, countTo))?.value;
    const visible = await library.countVisible();
    const limit = matchListLimit(visible);
    await library.list({ q: 'common task', limit: 48 }, undefined);
    expect(peek(limit, matchCountReach(limit))).toEqual({ matchCount: COMMON });
    // Beside a category the count would not be the total: the statement stops at the limit.
    const inWriting = matchListLimit((await library.list({ category: 'Writing', limit: 1 }, undefined)).total ?? 0);
    const filtered = await library.list({ q: 'common task', category: 'Writing', limit: 48 }, undefined);
    expect(filtered.prompts).toHaveLength(48);
    expect(peek(inWriting, inWriting)).toEqual({});
  });
});
