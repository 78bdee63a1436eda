import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { CopyButton } from '../copy-button';
import { recordCopy } from './api/record-copy';

/** Copy for a prompt: records the copy after a successful write, alerts as the spec says when the clipboard refuses. */
export function PromptCopyButton({ prompt }: { readonly prompt: Prompt }) {
  return (
    <CopyButton
      text={prompt.prompt}
      ariaLabel={`${MESSAGES.card.copy} ${prompt.title}`}
      onCopied={() => recordCopy(prompt._id)}
      onError={() => window.alert(MESSAGES.card.clipboardFailed)}
    />
  );
}
