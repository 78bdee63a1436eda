/** What Tab can reach. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface TabKeyEvent {
  readonly key: string;
  readonly shiftKey: boolean;
  preventDefault(): void;
}

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal dialog, the phone's
 * open sidebar): Tab on its last control goes to its first, Shift+Tab on its
 * first (or on the container itself) to its last.
 */
export function keepTabInside(event: TabKeyEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const focusables = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
  const first = focusables[0];
  const last = focusables.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
