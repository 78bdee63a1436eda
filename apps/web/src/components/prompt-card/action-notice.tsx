import { useCallback, useState } from 'react';
import { announce } from '../../lib/announcer';

/**
 * A short line under a prompt's actions saying that a like or a copy's
 * record did not go through. It is also said through the app's live region
 * (the line itself is not live, so it is not read twice), and it stays until
 * the visitor's next like or copy of that prompt: no timer hurries a reader.
 */
export function useActionNotice(): readonly [string | undefined, (message: string | undefined) => void] {
  const [message, setMessage] = useState<string | undefined>(undefined);
  const show = useCallback((next: string | undefined) => {
    setMessage(next);
    if (next) announce(next);
  }, []);
  return [message, show] as const;
}

export function ActionNotice({ message }: { readonly message: string | undefined }) {
  if (!message) return null;
  return <p className="action-notice">{message}</p>;
}
