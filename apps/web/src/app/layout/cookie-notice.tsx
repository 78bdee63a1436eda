import { COOKIE_CONSENT_ACCEPTED, STORAGE_KEYS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';

/**
 * Visible until consent is stored: 'Accept' stores it, 'Remind me Later'
 * hides the notice for this visit only. A bar at the top of the page's
 * column, in the normal flow: it takes its own room and pushes the page
 * down instead of lying over it, so it never hides a control that has focus
 * (WCAG 2.4.11), and it comes right after the skip link in the tab order.
 */
export function CookieNotice({ inert }: { readonly inert: boolean }) {
  const [visible, setVisible] = useState(() => readStorage(STORAGE_KEYS.cookieConsent) !== COOKIE_CONSENT_ACCEPTED);
  if (!visible) return null;

  return (
    <section className="cookie-notice" role="region" aria-label="Cookie notice" inert={inert}>
      <p>
        Prompt Vault keeps a few things in your browser's local storage: an anonymous id for your likes and copies, your theme and this
        choice. No tracking, no accounts.
      </p>
      <div className="cookie-notice-actions">
        <button type="button" className="button button-ghost" onClick={() => setVisible(false)}>
          {MESSAGES.cookie.remindLater}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            writeStorage(STORAGE_KEYS.cookieConsent, COOKIE_CONSENT_ACCEPTED);
            setVisible(false);
          }}
        >
          {MESSAGES.cookie.accept}
        </button>
      </div>
    </section>
  );
}
