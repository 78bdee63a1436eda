import { COPIED_INDICATOR_MS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { Check, Copy } from 'lucide-react';
import { copyText } from '../lib/clipboard';
import { useTimedFlag } from '../lib/use-timed-flag';

export interface CopyButtonProps {
  /** The text to put on the clipboard. */
  readonly text: string;
  /** The idle label ('Copy', 'Copy Prompt'). */
  readonly label?: string;
  /** Accessible name when the visible label is not enough (e.g. 'Copy prompt: Weekly Review'). */
  readonly ariaLabel?: string;
  /** Called after a successful clipboard write (to record the copy). */
  readonly onCopied?: () => void;
  /** Called when the clipboard refuses. */
  readonly onError?: (error: unknown) => void;
  readonly className?: string;
}

/**
 * A Copy button that shows 'Copied!' for 2 seconds after a successful write,
 * announced to screen readers through a polite live region.
 */
export function CopyButton({ text, label = MESSAGES.card.copy, ariaLabel, onCopied, onError, className }: CopyButtonProps) {
  const [copied, showCopied] = useTimedFlag(COPIED_INDICATOR_MS);

  async function handleClick() {
    try {
      await copyText(text);
    } catch (error) {
      onError?.(error);
      return;
    }
    showCopied();
    onCopied?.();
  }

  return (
    <button
      type="button"
      className={`button button-secondary copy-button${copied ? ' is-copied' : ''}${className ? ` ${className}` : ''}`}
      onClick={handleClick}
      aria-label={ariaLabel}
    >
      {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
      <span aria-live="polite">{copied ? MESSAGES.card.copied : label}</span>
    </button>
  );
}
