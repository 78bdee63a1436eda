import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A flag that turns on when triggered and off again after `durationMs`
 * ('Copied!' for 2 s, the logo animation for 1 s). Triggering again restarts
 * the timer.
 */
export function useTimedFlag(durationMs: number): [boolean, () => void] {
  const [active, setActive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const trigger = useCallback(() => {
    clearTimeout(timer.current);
    setActive(true);
    timer.current = setTimeout(() => setActive(false), durationMs);
  }, [durationMs]);

  return [active, trigger];
}
