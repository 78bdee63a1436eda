import { MESSAGES } from '@prompt-vault/shared/messages';
import { Mail } from 'lucide-react';
import { siteMeta } from '../../../lib/site-meta';

export function LibraryHeader() {
  return (
    <header className="library-header">
      <h1 className="page-title">{MESSAGES.library.title}</h1>
      <p className="page-subtitle">{MESSAGES.library.subtitle}</p>
      <p className="library-contact">
        <Mail aria-hidden="true" size={16} />
        <span>
          Have feedback or a prompt request? Send the owner a message at{' '}
          <a href={`mailto:${siteMeta.contactEmail}`}>{siteMeta.contactEmail}</a>
        </span>
      </p>
    </header>
  );
}
