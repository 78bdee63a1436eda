import { isValidTag, normaliseTags } from '@prompt-vault/shared/tags';
import { toTagList } from '../../src/tags/stored-tags';
import { Random, apportion } from './random';
import {
  AUDIENCES,
  AUTHORS,
  CATEGORIES,
  CONSTRAINTS,
  FORMATS,
  MODELS,
  COMMENT_TEXTS,
  OPENERS,
  SUBJECTS,
  TASKS,
  TITLE_ADJECTIVES,
  TITLE_NOUNS,
  TONES,
} from './vocabulary';

export interface DatasetSize {
  readonly prompts: number;
  readonly likes: number;
  readonly copies: number;
  readonly comments: number;
  readonly users: number;
}

export interface DatasetOptions extends DatasetSize {
  readonly seed: number;
  /** Every timestamp lies before this instant. */
  readonly now: Date;
}

export interface PromptRow {
  id: string;
  title: string;
  prompt: string;
  category: string;
  model: string;
  like_count: number;
  copy_count: number;
  comment_count: number;
  created_at: string;
  /** Tags separated by spaces (src/tags/stored-tags.ts): the category and the topic (generatedTags). */
  tag_list: string;
}
export interface EventRow {
  prompt_id: string;
  user_id: string;
  created_at: string;
}
export interface CommentRow {
  id: string;
  prompt_id: string;
  text: string;
  author: string | null;
  created_at: string;
}

/** The shape of the benchmark database; other sizes scale from --prompts. */
export function defaultSize(prompts: number): DatasetSize {
  return {
    prompts,
    likes: prompts * 10,
    copies: prompts * 10,
    comments: prompts * 2,
    users: Math.max(100, Math.round(prompts / 2)),
  };
}

/** Code-unit order, as SQLite and a PostgreSQL with the C collation sort these ASCII ids (another order is only slower). */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Prompts were shared over the last two years, copies recorded over the last 90 days. */
const PROMPT_SPAN_DAYS = 730;
const COPY_SPAN_DAYS = 90;
const ANONYMOUS_COPY_SHARE = 0.25;

export function generatedUserId(index: number): string {
  return `user_gen${String(index).padStart(8, '0')}`;
}

function titleCase(text: string): string {
  return text.replace(/(^|[\s-])([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key);
}

const TITLE_LIMIT = 50;

function makeTitle(random: Random, role: string, topic: string, subject: string): string {
  const candidates = [
    `${random.pick(TITLE_ADJECTIVES)} ${titleCase(topic)} ${random.pick(TITLE_NOUNS)}`,
    `${titleCase(topic)} ${random.pick(TITLE_NOUNS)}`,
    `${titleCase(topic)} for ${titleCase(subject)}`,
    `${titleCase(role)}: ${titleCase(topic)}`,
    `${random.pick(TITLE_ADJECTIVES)} ${titleCase(topic)} about ${titleCase(subject)}`,
  ];
  const first = random.int(0, candidates.length - 1);
  for (let offset = 0; offset < candidates.length; offset += 1) {
    const title = candidates[(first + offset) % candidates.length] as string;
    if (title.length <= TITLE_LIMIT) return title;
  }
  return titleCase(topic);
}

function makePrompt(random: Random): Omit<PromptRow, 'id' | 'like_count' | 'copy_count' | 'comment_count' | 'created_at'> {
  const category = random.pick(CATEGORIES);
  const role = random.pick(category.role);
  const topic = random.pick(category.topics);
  const subject = random.pick(SUBJECTS);
  const values = {
    role,
    topic,
    subject,
    audience: random.pick(AUDIENCES),
    tone: random.pick(TONES),
    words: String(random.int(3, 16) * 50),
    count: String(random.int(2, 5)),
  };
  const sentences = [fill(random.pick(OPENERS), values), fill(random.pick(TASKS), values)];
  const constraintCount = random.int(1, 5);
  for (let index = 0; index < constraintCount; index += 1) sentences.push(fill(random.pick(CONSTRAINTS), values));
  sentences.push(`Format the answer as ${random.pick(FORMATS)}.`);
  let prompt = sentences.join(' ');
  if (random.chance(0.35)) {
    const steps = random.int(3, 6);
    const lines = Array.from({ length: steps }, (_, step) => `${step + 1}. ${fill(random.pick(CONSTRAINTS), values)}`);
    prompt += `\n\nFollow these steps:\n${lines.join('\n')}`;
  }
  if (random.chance(0.3)) prompt += `\n\nHere is my ${topic}: [paste it here]`;
  return {
    title: makeTitle(random, role, topic, subject),
    prompt,
    category: category.name,
    model: random.pick(MODELS),
    tag_list: toTagList(generatedTags(category.name, topic)),
  };
}

/**
 * A generated prompt's tags: its category and its topic, by the tag rule
 * ("Writing" and "blog post" give writing, blog-post). Derived, not drawn, so
 * the random sequence, and with it the rest of the dataset, is unchanged.
 */
export function generatedTags(category: string, topic: string): string[] {
  return normaliseTags([category, topic]).filter(isValidTag);
}

/** A time uniformly between `from` and `to` (milliseconds). */
function between(random: Random, from: number, to: number): string {
  return new Date(from + Math.floor(random.next() * Math.max(0, to - from))).toISOString();
}

/**
 * The whole dataset as batches, produced lazily so 2.3 million rows never sit
 * in memory at once. Each table draws from its own seeded stream, so the
 * prompts stay the same whatever the event counts. Counters are planned first
 * and the event rows are then drawn to match them exactly.
 */
export class Dataset {
  readonly size: DatasetSize;
  private readonly seed: number;
  private readonly now: number;
  private readonly ids: string[];
  private readonly createdAt: number[];
  private readonly likeCounts: Uint32Array;
  private readonly copyCounts: Uint32Array;
  private readonly commentCounts: Uint32Array;
  /**
   * The prompts' indexes in the order of their ids. Every table is written
   * in it, so each primary key (and the (prompt_id, ...) keys of likes,
   * copies and comments) grows at its end instead of at random places, and a
   * prompt's events sit together on disk.
   */
  private readonly inIdOrder: number[];

  constructor(options: DatasetOptions) {
    this.size = options;
    this.seed = options.seed;
    this.now = options.now.getTime();
    const random = new Random(options.seed);
    this.ids = [];
    this.createdAt = [];
    const likeWeights: number[] = [];
    const copyWeights: number[] = [];
    const commentWeights: number[] = [];
    for (let index = 0; index < options.prompts; index += 1) {
      this.ids.push(random.id(16));
      // Skewed towards recent prompts, as a growing library is.
      this.createdAt.push(this.now - Math.floor(random.next() ** 2 * PROMPT_SPAN_DAYS * DAY_MS) - 1000);
      // Popularity is long-tailed; copies follow likes loosely.
      const popularity = Math.exp(1.1 * random.normal());
      likeWeights.push(popularity);
      copyWeights.push(popularity ** 0.8 * Math.exp(0.6 * random.normal()));
      commentWeights.push(Math.exp(0.8 * random.normal()));
    }
    this.inIdOrder = this.ids.map((_, index) => index).sort((a, b) => compareIds(this.ids[a] as string, this.ids[b] as string));
    // At most half the users like any one prompt, so drawing distinct users stays cheap.
    this.likeCounts = apportion(options.likes, likeWeights, Math.floor(options.users / 2));
    this.copyCounts = apportion(options.copies, copyWeights, Number.MAX_SAFE_INTEGER);
    this.commentCounts = apportion(options.comments, commentWeights, Number.MAX_SAFE_INTEGER);
  }

  *prompts(batchSize: number): Generator<PromptRow[]> {
    const random = new Random(this.seed + 1);
    let batch: PromptRow[] = [];
    for (const index of this.inIdOrder) {
      batch.push({
        id: this.ids[index] as string,
        ...makePrompt(random),
        like_count: this.likeCounts[index] as number,
        copy_count: this.copyCounts[index] as number,
        comment_count: this.commentCounts[index] as number,
        created_at: new Date(this.createdAt[index] as number).toISOString(),
      });
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  *likes(batchSize: number): Generator<EventRow[]> {
    const random = new Random(this.seed + 2);
    let batch: EventRow[] = [];
    const chosen = new Set<number>();
    for (const index of this.inIdOrder) {
      const prompt_id = this.ids[index] as string;
      chosen.clear();
      const count = this.likeCounts[index] as number;
      while (chosen.size < count) chosen.add(random.int(0, this.size.users - 1));
      const from = this.createdAt[index] as number;
      for (const user of chosen) {
        batch.push({ prompt_id, user_id: generatedUserId(user), created_at: between(random, from, this.now) });
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length > 0) yield batch;
  }

  *copies(batchSize: number): Generator<EventRow[]> {
    const random = new Random(this.seed + 3);
    const windowStart = this.now - COPY_SPAN_DAYS * DAY_MS;
    let batch: EventRow[] = [];
    for (const index of this.inIdOrder) {
      const prompt_id = this.ids[index] as string;
      const count = this.copyCounts[index] as number;
      const from = Math.max(windowStart, this.createdAt[index] as number);
      for (let copy = 0; copy < count; copy += 1) {
        const user_id = random.chance(ANONYMOUS_COPY_SHARE) ? 'anonymous' : generatedUserId(random.int(0, this.size.users - 1));
        batch.push({ prompt_id, user_id, created_at: between(random, from, this.now) });
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length > 0) yield batch;
  }

  *comments(batchSize: number): Generator<CommentRow[]> {
    const random = new Random(this.seed + 4);
    let batch: CommentRow[] = [];
    for (const index of this.inIdOrder) {
      const prompt_id = this.ids[index] as string;
      const count = this.commentCounts[index] as number;
      const from = this.createdAt[index] as number;
      for (let comment = 0; comment < count; comment += 1) {
        const category = random.pick(CATEGORIES);
        const text = fill(random.pick(COMMENT_TEXTS), {
          model: random.pick(MODELS),
          model2: random.pick(MODELS),
          tone: random.pick(TONES),
          topic: random.pick(category.topics),
          words: String(random.int(2, 8) * 50),
        });
        batch.push({
          id: random.id(16),
          prompt_id,
          text,
          author: random.chance(0.7) ? random.pick(AUTHORS) : null,
          created_at: between(random, from, this.now),
        });
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length > 0) yield batch;
  }
}
