import type { Comment, CommentInput } from '@prompt-vault/shared/schemas';
import type { Kysely } from 'kysely';
import type { LibraryWrites } from '../cache/library-writes';
import { newId, nowIso } from '../db/ids';
import type { Database } from '../db/schema';
import { notFound } from '../http/app-error';
import { isHoneypotFilled } from '../http/honeypot';
import * as repository from './repository';

function toComment(row: repository.CommentRecord): Comment {
  return {
    _id: row.id,
    promptId: row.prompt_id,
    text: row.text,
    author: row.author,
    createdAt: row.created_at,
  };
}

export interface CommentsService {
  list(promptId: string): Promise<Comment[]>;
  create(promptId: string, input: CommentInput, userId: string | undefined): Promise<Comment>;
}

export function createCommentsService(db: Kysely<Database>, writes: LibraryWrites): CommentsService {
  return {
    async list(promptId) {
      return (await repository.listComments(db, promptId)).map(toComment);
    },

    async create(promptId, input, userId) {
      const row = {
        id: newId(),
        prompt_id: promptId,
        text: input.text,
        author: input.author ? input.author : null,
        user_id: userId ?? null,
        created_at: nowIso(),
      };
      // Looks like any new note, but nothing is stored.
      if (isHoneypotFilled(input)) return toComment(row);
      const inserted = await repository.insertComment(db, row);
      writes.announce({ kind: 'commented' });
      if (!inserted) throw notFound('Prompt');
      return toComment(row);
    },
  };
}
