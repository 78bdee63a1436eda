/**
 * Academy progress: the lessons a learner has marked done, kept in this
 * browser (like likes, no account). Stored as a JSON list of lesson keys
 * ('beginner/understanding'); pure functions, so they are unit-tested.
 */

/** The stored keys that are lessons today, in reading order; anything else (old or hand-edited) is ignored. */
export function parseProgress(stored: string | null, lessonKeys: readonly string[]): string[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const kept = new Set(value.filter((item): item is string => typeof item === 'string'));
  return lessonKeys.filter((key) => kept.has(key));
}

/** The list with `key` marked done or not done, in reading order and without repeats. */
export function withLessonDone(done: readonly string[], key: string, isDone: boolean, lessonKeys: readonly string[]): string[] {
  const next = new Set(done);
  if (isDone) next.add(key);
  else next.delete(key);
  return lessonKeys.filter((lesson) => next.has(lesson));
}

export interface SectionProgress {
  readonly done: number;
  readonly total: number;
  /** The first lesson not yet done, in reading order; null once all are done. */
  readonly nextKey: string | null;
}

/** How far a learner is through a list of lessons. */
export function progressOf(lessonKeys: readonly string[], done: ReadonlySet<string>): SectionProgress {
  return {
    done: lessonKeys.filter((key) => done.has(key)).length,
    total: lessonKeys.length,
    nextKey: lessonKeys.find((key) => !done.has(key)) ?? null,
  };
}
