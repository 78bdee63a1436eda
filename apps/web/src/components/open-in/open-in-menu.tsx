import { MESSAGES } from '@prompt-vault/shared/messages';
import { ChevronDown, ClipboardCopy, ExternalLink } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { useRecordCopy } from '../../lib/record-copy';
import { CHAT_TARGETS, type ChatTarget, chatUrl } from './chat-targets';
import { useMenuPlacement } from './use-menu-placement';
import './open-in-menu.css';

export interface OpenInMenuProps {
  readonly promptId: string;
  readonly title: string;
  /** What the new chat starts with: the prompt, or on its page the prompt with its variables filled. */
  readonly text: string;
  /** Says (or, with undefined, clears) what the visitor should know after a copy (prompt-card/action-notice.tsx). */
  readonly onNotice: (message: string | undefined) => void;
}

/** Which item takes focus as the menu opens: Up Arrow on the button opens it at the end. */
type OpenAt = 'first' | 'last';

/**
 * 'Open in' a chat app: a menu button (the WAI-ARIA menu button pattern)
 * whose items are links opening a new chat with the text in a new tab. Where
 * the address would be too long for an app, its item copies the text instead,
 * records the copy like the Copy button does, and says so in the prompt's
 * action notice. The addresses are built only while the menu is open: a page
 * of cards need not encode every prompt five times.
 */
export function OpenInMenu({ promptId, title, text, onNotice }: OpenInMenuProps) {
  const [openAt, setOpenAt] = useState<OpenAt | undefined>(undefined);
  const open = openAt !== undefined;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const recordCopy = useRecordCopy(onNotice);

  const placement = useMenuPlacement(open, wrapperRef, menuRef);

  useEffect(() => {
    if (!openAt) return;
    const items = menuItems(menuRef.current);
    (openAt === 'first' ? items[0] : items.at(-1))?.focus();
  }, [openAt]);

  // A press anywhere else closes the menu, as a native menu does.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpenAt(undefined);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpenAt(undefined);
    if (returnFocus) buttonRef.current?.focus();
  }

  async function copyInstead(target: ChatTarget) {
    close(true);
    try {
      await copyText(text);
    } catch {
      window.alert(MESSAGES.card.clipboardFailed);
      return;
    }
    onNotice(MESSAGES.openIn.tooLong(target.name));
    recordCopy(promptId);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = menuItems(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(current + 1);
      case 'ArrowUp':
        return moveTo(current - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(items.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        // Tab leaves the menu for the next control on the page; the menu does not stay open behind it.
        return close(false);
      case ' ':
        // Space activates a menu item; a link does not do that by itself.
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        return;
    }
  }

  return (
    <div className="open-in" ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button-ghost open-in-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={MESSAGES.openIn.buttonLabel(title)}
        onClick={() => (open ? close(false) : setOpenAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <ExternalLink aria-hidden="true" size={16} />
        <span>{MESSAGES.openIn.button}</span>
        <ChevronDown aria-hidden="true" size={16} className="open-in-chevron" />
      </button>
      {open ? (
        <ul
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={MESSAGES.openIn.menuLabel}
          className={`open-in-menu${placement?.alignStart ? ' is-start-aligned' : ''}`}
          style={placement ? ({ '--open-in-room': `${placement.maxWidth}px` } as CSSProperties) : undefined}
          onKeyDown={onMenuKeyDown}
        >
          {CHAT_TARGETS.map((target) => (
            <li key={target.id} role="none">
              <OpenInItem
                target={target}
                url={chatUrl(target, text)}
                onOpened={() => close(true)}
                onCopy={() => void copyInstead(target)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface OpenInItemProps {
  readonly target: ChatTarget;
  /** Undefined when the text is too long for this app's address. */
  readonly url: string | undefined;
  readonly onOpened: () => void;
  readonly onCopy: () => void;
}

function OpenInItem({ target, url, onOpened, onCopy }: OpenInItemProps) {
  if (url === undefined) {
    return (
      <button type="button" role="menuitem" tabIndex={-1} className="open-in-item is-too-long" onClick={onCopy}>
        <ClipboardCopy aria-hidden="true" size={16} />
        {/* Named by its two lines, read as 'ChatGPT Too long to open: copies the prompt': an
            aria-label with other punctuation would no longer match the visible words. */}
        <span className="open-in-item-text">
          <span>{target.name}</span>
          <span className="open-in-hint">{MESSAGES.openIn.tooLongHint}</span>
        </span>
      </button>
    );
  }
  return (
    <a role="menuitem" tabIndex={-1} className="open-in-item" href={url} target="_blank" rel="noopener noreferrer" onClick={onOpened}>
      <ExternalLink aria-hidden="true" size={16} />
      <span className="open-in-item-text">
        <span>
          <span className="visually-hidden">{MESSAGES.openIn.linkBefore}</span>
          {target.name}
          <span className="visually-hidden">{MESSAGES.openIn.linkAfter}</span>
        </span>
      </span>
    </a>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}
