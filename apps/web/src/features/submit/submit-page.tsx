import { MESSAGES } from '@prompt-vault/shared/messages';

export function SubmitPage() {
  return (
    <div className="page">
      <h1 className="page-title">{MESSAGES.submit.title}</h1>
    </div>
  );
}
