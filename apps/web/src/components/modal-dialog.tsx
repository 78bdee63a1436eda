import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { FOCUSABLE, keepTabInside } from '../lib/focus-trap';
import { lockScroll } from '../lib/scroll-lock';
import './modal-dialog.css';

export interface ModalDialogProps {
  /** Id of the element that names the dialog (its heading). */
  readonly labelledBy: string;
  /** Called on Escape, on a click on the backdrop, and by the dialog's own close buttons. */
  readonly onClose: () => void;
  readonly className?: string;
  readonly children: ReactNode;
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
    if ((event.target as Element).closest('dialog') !== event.currentTarget) return;
    keepTabInside(event, event.currentTarget);
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
