import type { ModerationResult, ReportSummary } from '@prompt-vault/shared/schemas';
import type { Kysely } from 'kysely';
import type { LibraryWrites } from '../cache/library-writes';
import type { Database, Visibility } from '../db/schema';
import { notFound } from '../http/app-error';
import * as repository from './repository';

/** How many reported targets the moderators' list shows. */
const REPORT_LIST_LIMIT = 500;

function toSummary(row: repository.ReportSummaryRow): ReportSummary {
  const isPrompt = row.target_type === 'prompt';
  const status = isPrompt ? row.prompt_status : row.comment_status;
  return {
    targetType: row.target_type,
    targetId: row.target_id,
    status: status === 'visible' || status === 'hidden' ? status : 'deleted',
    excerpt: (isPrompt ? row.prompt_title : row.comment_text) ?? '',
    promptId: isPrompt ? row.target_id : (row.comment_prompt_id ?? null),
    reports: Number(row.report_count),
    reasons: { spam: Number(row.spam), offensive: Number(row.offensive), other: Number(row.other) },
    lastReportedAt: String(row.last_reported_at),
  };
}

/** Moderation, shared by the admin API and the admin CLI. */
export interface ModerationService {
  listReports(): Promise<ReportSummary[]>;
  setPromptStatus(id: string, status: Visibility): Promise<ModerationResult>;
  setCommentStatus(id: string, status: Visibility): Promise<ModerationResult>;
}

export function createModerationService(db: Kysely<Database>, writes: LibraryWrites): ModerationService {
  return {
    async listReports() {
      return (await repository.listReportSummaries(db, REPORT_LIST_LIMIT)).map(toSummary);
    },
    async setPromptStatus(id, status) {
      if (!(await repository.setPromptStatus(db, id, status))) throw notFound('Prompt');
      // Hidden prompts vanish from every list, count and chart at once.
      writes.announce({ kind: 'prompt-moderated' });
      return { _id: id, status };
    },
    async setCommentStatus(id, status) {
      if (!(await repository.setCommentStatus(db, id, status))) throw notFound('Comment');
      writes.announce({ kind: 'comment-moderated' });
      return { _id: id, status };
    },
  };
}
