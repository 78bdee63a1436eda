import type { ReportInput } from '@prompt-vault/shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export async function createReport(input: ReportInput): Promise<void> {
  await apiRequest<{ reported: true }>('/api/reports', { method: 'POST', body: input });
}
