import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useId } from 'react';
import { ModalDialog } from '../modal-dialog';
import { refreshPrompt } from '../prompt-card/api/get-prompt';

// Its own chunk: the comments, their form and zod load only when a visitor opens them.
const loadCommentsModal = () => import('./comments-modal');
const CommentsModal = lazy(loadCommentsModal);

/** Starts fetching the modal's chunk early (a pointer over, or focus on, a Notes button). */
export function preloadCommentsModal(): void {
  void loadCommentsModal();
}

export interface LazyCommentsModalProps {
  /** The prompt whose comments are open, or null when the modal is closed. */
  readonly prompt: Pick<Prompt, '_id' | 'title'> | null;
  readonly onClose: () => void;
}

/** The comments modal, fetched on first use; on close the prompt's comment count is fetched again (spec section 4). */
export function LazyCommentsModal({ prompt, onClose }: LazyCommentsModalProps) {
  const queryClient = useQueryClient();
  if (!prompt) return null;
  const close = () => {
    onClose();
    void refreshPrompt(queryClient, prompt._id);
  };
  return (
    <Suspense fallback={<LoadingModal title={prompt.title} onClose={close} />}>
      <CommentsModal prompt={prompt} onClose={close} />
    </Suspense>
  );
}

/** While the chunk loads the dialog is already there, titled, saying 'Loading comments...'. */
function LoadingModal({ title, onClose }: { readonly title: string; readonly onClose: () => void }) {
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} className="comments-modal">
      <div className="modal-dialog-header">
        <h2 id={titleId} className="modal-dialog-title">
          {title}
        </h2>
      </div>
      <p className="comments-status" role="status" tabIndex={-1} data-autofocus>
        {MESSAGES.comments.loading}
      </p>
    </ModalDialog>
  );
}
