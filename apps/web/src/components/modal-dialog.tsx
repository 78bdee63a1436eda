import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import './modal-dialog.css';

export interface ModalDialogProps {
  /** Id of the element that names the dialog (its heading). */
  readonly labelledBy: string;
  /** Called on Escape, on a click on the backdrop, and by the dialog's own close buttons. */
  readonly onClose: () => void;
  readonly className?: string;
  readonly children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Several dialogs can be open at once (a report dialog over the notes): the
// page scroll is restored only when the last one closes.
let scrollLocks = 0;

function lockScroll(): () => void {
  scrollLocks += 1;
  const root = document.documentElement;
  if (scrollLocks === 1) {
    // Keep the page from jumping sideways when its scrollbar disappears.
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.setProperty('--scrollbar-compensation', `${scrollbar}px`);
    root.classList.add('scroll-locked');
  }
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) {
      root.classList.remove('scroll-locked');
      root.style.removeProperty('--scrollbar-compensation');
    }
  };
}

/**
 * A modal dialog on the native <dialog> element (top layer, the rest of the
 * page inert), mounted open. It locks the page scroll, keeps Tab and
 * Shift+Tab inside, closes on Escape, and returns focus to the element that
 * opened it.
 */
export function ModalDialog({ labelledBy, onClose, className, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      unlock();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // Keys from a dialog opened inside this one (a report over the notes)
    // reach here through React's tree; that dialog handles its own.
    if (event.key !== 'Tab' || (event.target as Element).closest('dialog') !== event.currentTarget) return;
    const focusables = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className={`modal-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      aria-modal="true"
      onKeyDown={handleKeyDown}
      onCancel={(event) => {
        // Escape: React decides when the dialog unmounts, not the browser.
        // Only for this dialog: a nested one's cancel bubbles here through React's tree.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on its backdrop.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className="modal-dialog-body">{children}</div>
    </dialog>
  );
}
