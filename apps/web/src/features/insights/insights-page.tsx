import { MESSAGES } from '@prompt-vault/shared/messages';

export function InsightsPage() {
  return (
    <div className="page">
      <h1 className="page-title">{MESSAGES.insights.title}</h1>
    </div>
  );
}
