import { SITE_NAME } from '@prompt-vault/shared/site';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { announce } from './announcer';

/** The location key of the page the visitor opened: no navigation has happened while it shows. */
let openedKey: string | undefined;

function focusQuietly(element: HTMLElement): void {
  // A heading is not focusable by nature; -1 lets a script, not Tab, put focus there.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/** How long a page may take to show its heading (the data it waits for) before focus stops waiting. */
const HEADING_WAIT_MS = 10_000;

/**
 * Puts focus on the main heading of the page now showing. A page still
 * loading its data (Insights, a prompt) has none yet: focus waits on <main>
 * and moves to the heading when it appears, unless the visitor has moved it
 * elsewhere meanwhile.
 */
function focusMainHeading(): void {
  const main = document.getElementById('main');
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) {
    focusQuietly(heading);
    return;
  }
  focusQuietly(main);
  const observer = new MutationObserver(() => {
    const appeared = main.querySelector<HTMLElement>('h1');
    if (!appeared) return;
    observer.disconnect();
    if (document.activeElement === main || document.activeElement === document.body) focusQuietly(appeared);
  });
  observer.observe(main, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
}

/**
 * Every route's document title, 'Title · Prompt Vault' (the site name alone
 * while `title` is still unknown, e.g. a prompt loading). When the visitor
 * arrives at the page by navigating (a sidebar link, a card's title, Back),
 * focus moves to the page's main heading and the new title is announced, so
 * keyboard and screen-reader users start at the top of what they chose
 * rather than on the link they left. A page opened directly keeps the
 * browser's own focus; a change of the same page's URL (the library's
 * filters) moves nothing.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { pathname, key } = useLocation();
  const arrivedAt = useRef<string | null>(null);

  useEffect(() => {
    const full = title === undefined ? SITE_NAME : `${title} · ${SITE_NAME}`;
    document.title = full;
    openedKey ??= key;
    if (title === undefined || arrivedAt.current === pathname) return;
    arrivedAt.current = pathname;
    if (key === openedKey) return;
    focusMainHeading();
    announce(full);
  }, [title, pathname, key]);
}
