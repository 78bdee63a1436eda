import { useEffect, useState } from 'react';

type Listener = (text: string) => void;
const listeners = new Set<Listener>();

/**
 * Says `text` to screen readers through the app's one polite live region:
 * the title of a page reached from the sidebar, a like the server refused.
 */
export function announce(text: string): void {
  for (const listener of listeners) listener(text);
}

/** The live region, rendered once by the layout. */
export function Announcer() {
  const [text, setText] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener: Listener = (next) => {
      // Emptied first, so the same words said twice are read twice.
      setText('');
      clearTimeout(timer);
      timer = setTimeout(() => setText(next), 60);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      clearTimeout(timer);
    };
  }, []);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {text}
    </div>
  );
}
