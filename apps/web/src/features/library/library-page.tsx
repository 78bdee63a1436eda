import { MESSAGES } from '@prompt-vault/shared/messages';

export function LibraryPage() {
  return (
    <div className="page">
      <h1 className="page-title">{MESSAGES.library.title}</h1>
      <p className="page-subtitle">{MESSAGES.library.subtitle}</p>
    </div>
  );
}
