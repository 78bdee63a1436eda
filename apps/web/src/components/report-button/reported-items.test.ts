import { describe, expect, it } from 'vitest';
import { REPORTED_ITEMS_MAX, addReportedItem, parseReportedItems, reportedItemKey } from './reported-items';

describe('reported items', () => {
  it('keys an item by its type and id, so a prompt and a note with the same id differ', () => {
    expect(reportedItemKey({ targetType: 'prompt', targetId: 'a1' })).toBe('prompt:a1');
    expect(reportedItemKey({ targetType: 'comment', targetId: 'a1' })).toBe('comment:a1');
  });

  it('reads a stored list and treats anything else as empty', () => {
    expect(parseReportedItems('["prompt:a","comment:b"]')).toEqual(['prompt:a', 'comment:b']);
    expect(parseReportedItems(null)).toEqual([]);
    expect(parseReportedItems('not json')).toEqual([]);
    expect(parseReportedItems('{"a":1}')).toEqual([]);
    expect(parseReportedItems('["prompt:a",3,null]')).toEqual(['prompt:a']);
  });

  it('adds an item once and forgets the oldest beyond the maximum', () => {
    expect(addReportedItem(['prompt:a'], 'prompt:a')).toEqual(['prompt:a']);
    const full = Array.from({ length: REPORTED_ITEMS_MAX }, (_, index) => `prompt:${index}`);
    const added = addReportedItem(full, 'prompt:new');
    expect(added).toHaveLength(REPORTED_ITEMS_MAX);
    expect(added[0]).toBe('prompt:1');
    expect(added.at(-1)).toBe('prompt:new');
  });
});
