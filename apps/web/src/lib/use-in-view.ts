import { type RefObject, useEffect, useState } from 'react';

type Listener = (inView: boolean) => void;

// One IntersectionObserver per margin, shared by every element that uses it:
// two thousand list pages cost one observer, not two thousand.
const observers = new Map<string, { observer: IntersectionObserver; listeners: Map<Element, Listener> }>();

function observe(element: Element, rootMargin: string, listener: Listener): () => void {
  let entry = observers.get(rootMargin);
  if (!entry) {
    const listeners = new Map<Element, Listener>();
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) listeners.get(record.target)?.(record.isIntersecting);
      },
      { rootMargin },
    );
    entry = { observer, listeners };
    observers.set(rootMargin, entry);
  }
  const { observer, listeners } = entry;
  listeners.set(element, listener);
  observer.observe(element);
  return () => {
    listeners.delete(element);
    observer.unobserve(element);
  };
}

/**
 * Whether the element is within `rootMargin` of the viewport. Starts as
 * `initial` until the first observation arrives.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin: string, initial: boolean): boolean {
  const [inView, setInView] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    return observe(element, rootMargin, setInView);
  }, [ref, rootMargin]);
  return inView;
}
