import type { Prompt } from '@prompt-vault/shared/schemas';
import { X } from 'lucide-react';
import { useId } from 'react';
import { ModalDialog } from '../modal-dialog';
import { CommentsPanel, useComments } from './comments-panel';

export interface CommentsModalProps {
  readonly prompt: Pick<Prompt, '_id' | 'title'>;
  /** Called when the visitor closes it; the caller refreshes the prompt's comment count. */
  readonly onClose: () => void;
}

/** The comments of one prompt in a dialog titled by the prompt's title. Loaded on demand (lazy-comments-modal.tsx). */
export default function CommentsModal({ prompt, onClose }: CommentsModalProps) {
  const titleId = useId();
  const comments = useComments(prompt._id);
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} className="comments-modal">
      <div className="modal-dialog-header">
        <h2 id={titleId} className="modal-dialog-title">
          {prompt.title}
        </h2>
        <button type="button" className="icon-button" aria-label="Close notes" onClick={onClose}>
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      <CommentsPanel promptId={prompt._id} comments={comments} />
    </ModalDialog>
  );
}
