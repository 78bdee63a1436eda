import type { Prompt } from '@prompt-vault/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { refreshPrompt } from '../prompt-card/api/get-prompt';

// Its own chunk: the notes, their form and zod load only when a visitor opens them.
const CommentsModal = lazy(() => import('./comments-modal'));

export interface LazyCommentsModalProps {
  /** The prompt whose notes are open, or null when the modal is closed. */
  readonly prompt: Pick<Prompt, '_id' | 'title'> | null;
  readonly onClose: () => void;
}

/** The comments modal, fetched on first use; on close the prompt's note count is fetched again (spec section 4). */
export function LazyCommentsModal({ prompt, onClose }: LazyCommentsModalProps) {
  const queryClient = useQueryClient();
  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <CommentsModal
        prompt={prompt}
        onClose={() => {
          onClose();
          void refreshPrompt(queryClient, prompt._id);
        }}
      />
    </Suspense>
  );
}
