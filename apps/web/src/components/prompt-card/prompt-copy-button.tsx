import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { CopyButton } from '../copy-button';
import { useRecordCopy } from '../../lib/record-copy';

export interface PromptCopyButtonProps {
  readonly prompt: Prompt;
  /** Says (or, with undefined, clears) what the visitor should know about the copy's record (action-notice.tsx). */
  readonly onNotice: (message: string | undefined) => void;
}

/** Copy for a prompt: records the copy after a successful write, alerts as the spec says when the clipboard refuses. */
export function PromptCopyButton({ prompt, onNotice }: PromptCopyButtonProps) {
  const recordCopy = useRecordCopy(onNotice);
  return (
    <CopyButton
      text={prompt.prompt}
      ariaLabel={`${MESSAGES.card.copy} ${prompt.title}`}
      onCopied={() => {
        onNotice(undefined);
        recordCopy(prompt._id);
      }}
      onError={() => window.alert(MESSAGES.card.clipboardFailed)}
    />
  );
}
