import type { Prompt } from '@prompt-vault/shared/schemas';
import { fromTagList } from '../tags/stored-tags';
import type { findPromptById } from './read-repository';

type PromptRecord = NonNullable<Awaited<ReturnType<typeof findPromptById>>>;

/** A stored prompt row as the API's prompt JSON. */
export function toPrompt(row: PromptRecord): Prompt {
  return {
    _id: row.id,
    title: row.title,
    prompt: row.prompt,
    category: row.category,
    model: row.model,
    tags: fromTagList(row.tag_list),
    likes: Number(row.like_count),
    liked: Boolean(row.liked),
    copyCount: Number(row.copy_count),
    commentCount: Number(row.comment_count),
    createdAt: row.created_at,
  };
}
