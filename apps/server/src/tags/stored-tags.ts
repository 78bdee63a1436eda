/**
 * A prompt's tags as stored in `prompts.tag_list`: normalised tags
 * (packages/shared/src/tags.ts) separated by single spaces, which no tag can
 * hold. '' for none.
 */
export function toTagList(tags: readonly string[]): string {
  return tags.join(' ');
}

export function fromTagList(stored: string): string[] {
  return stored === '' ? [] : stored.split(' ');
}
