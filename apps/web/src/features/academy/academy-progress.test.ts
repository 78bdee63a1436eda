import { describe, expect, it } from 'vitest';
import { parseProgress, progressOf, withLessonDone } from './academy-progress';

const LESSONS = ['beginner/understanding', 'beginner/components', 'beginner/mistakes', 'patterns/recipe'];

describe('parseProgress', () => {
  it('reads the stored lesson keys, in reading order', () => {
    expect(parseProgress('["patterns/recipe","beginner/understanding"]', LESSONS)).toEqual(['beginner/understanding', 'patterns/recipe']);
  });

  it('drops keys that are not lessons (an old lesson, a hand edit) and anything that is not a string', () => {
    expect(parseProgress('["beginner/specificity","beginner/components",7,null]', LESSONS)).toEqual(['beginner/components']);
  });

  it.each([null, '', 'not json', '{"done":["beginner/components"]}', '"beginner/components"'])('treats %j as no progress', (stored) => {
    expect(parseProgress(stored, LESSONS)).toEqual([]);
  });
});

describe('withLessonDone', () => {
  it('marks a lesson done once, keeping reading order', () => {
    const once = withLessonDone(['patterns/recipe'], 'beginner/components', true, LESSONS);
    expect(once).toEqual(['beginner/components', 'patterns/recipe']);
    expect(withLessonDone(once, 'beginner/components', true, LESSONS)).toEqual(once);
  });

  it('marks a lesson not done', () => {
    expect(withLessonDone(['beginner/components', 'patterns/recipe'], 'beginner/components', false, LESSONS)).toEqual(['patterns/recipe']);
    expect(withLessonDone([], 'beginner/components', false, LESSONS)).toEqual([]);
  });
});

describe('progressOf', () => {
  const beginner = LESSONS.slice(0, 3);

  it('counts the done lessons of a list and names the first one left', () => {
    expect(progressOf(beginner, new Set(['beginner/understanding', 'patterns/recipe']))).toEqual({
      done: 1,
      total: 3,
      nextKey: 'beginner/components',
    });
  });

  it('points at a gap left earlier in the list, not past the last done lesson', () => {
    expect(progressOf(beginner, new Set(['beginner/components', 'beginner/mistakes'])).nextKey).toBe('beginner/understanding');
  });

  it('has no next lesson once all are done', () => {
    expect(progressOf(beginner, new Set(beginner))).toEqual({ done: 3, total: 3, nextKey: null });
  });
});
