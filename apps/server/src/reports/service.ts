import type { ReportInput } from '@prompt-vault/shared/schemas';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/ids';
import type { Database } from '../db/schema';
import { notFound } from '../http/app-error';
import * as repository from './repository';

export interface ReportsService {
  /** Records a visitor's report; `firstTime` is false for a repeat (counted once). */
  report(input: ReportInput, userId: string): Promise<{ firstTime: boolean }>;
}

export function createReportsService(db: Kysely<Database>): ReportsService {
  return {
    async report(input, userId) {
      const visible = await repository.isVisibleTarget(db, input.targetType, input.targetId);
      if (!visible) throw notFound(input.targetType === 'prompt' ? 'Prompt' : 'Comment');
      const firstTime = await repository.insertReport(db, {
        target_type: input.targetType,
        target_id: input.targetId,
        user_id: userId,
        reason: input.reason,
        created_at: nowIso(),
      });
      return { firstTime };
    },
  };
}
