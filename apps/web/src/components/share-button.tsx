import { COPIED_INDICATOR_MS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { Share2 } from 'lucide-react';
import { copyText } from '../lib/clipboard';
import { useTimedFlag } from '../lib/use-timed-flag';

export interface ShareButtonProps {
  readonly title: string;
  /** The prompt's text (on its page, with the variables filled in). */
  readonly text: string;
  /** The prompt's permalink, absolute. */
  readonly url: string;
  /**
   * Where the browser has no share sheet (most desktops): with true, Share
   * copies the link ('Link copied!'); with false, there is no Share button
   * (a card's title already links to the prompt).
   */
  readonly copyLinkWithoutShareSheet: boolean;
  /** Accessible name when the visible 'Share' is not enough (a card's button names its prompt). */
  readonly ariaLabel?: string;
}

/** Share through the system share sheet (the Web Share API) where the browser has one: phones, mostly. */
export function ShareButton({ title, text, url, copyLinkWithoutShareSheet, ariaLabel }: ShareButtonProps) {
  const [copied, showCopied] = useTimedFlag(COPIED_INDICATOR_MS);
  const hasShareSheet = typeof navigator.share === 'function';
  if (!hasShareSheet && !copyLinkWithoutShareSheet) return null;

  async function share() {
    if (hasShareSheet) {
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        // Closing the share sheet is not an error worth showing.
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('Share failed', error);
      }
      return;
    }
    try {
      await copyText(url);
      showCopied();
    } catch {
      window.alert(MESSAGES.card.clipboardFailed);
    }
  }

  return (
    <button type="button" className="button button-ghost share-button" aria-label={ariaLabel} onClick={() => void share()}>
      <Share2 aria-hidden="true" size={18} />
      <span aria-live="polite">{copied ? MESSAGES.permalink.linkCopied : MESSAGES.permalink.share}</span>
    </button>
  );
}
