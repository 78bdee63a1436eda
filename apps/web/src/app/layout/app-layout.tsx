import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Announcer } from '../../lib/announcer';
import { keepTabInside } from '../../lib/focus-trap';
import { lockScroll } from '../../lib/scroll-lock';
import { useMediaQuery } from '../../lib/use-media-query';
import { CookieNotice } from './cookie-notice';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';
import './layout.css';

/** Phone widths: the sidebar starts as its icon rail, and expanded it lies over the page. */
const PHONE_QUERY = '(max-width: 768px)';

/**
 * The page frame. On a phone the expanded sidebar is a modal overlay: the
 * page behind is dimmed, inert and kept from scrolling, Tab stays inside the
 * sidebar, and Escape or a tap beside it closes it and gives focus back to
 * its toggle; choosing a page closes it too (focus then goes to the new
 * page's heading, see lib/use-document-title.ts).
 */
export function AppLayout() {
  const phone = useMediaQuery(PHONE_QUERY);
  const [collapsed, setCollapsed] = useState(phone);
  const overlay = phone && !collapsed;
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Narrowing the window to a phone's width folds the sidebar away rather than laying it over the page.
  useEffect(() => {
    if (phone) setCollapsed(true);
  }, [phone]);

  // Back or Forward while it is open: the new page shows, not the overlay.
  useEffect(() => {
    setCollapsed((current) => current || window.matchMedia(PHONE_QUERY).matches);
  }, [pathname]);

  const closeOverlay = useCallback(() => {
    setCollapsed(true);
    toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!overlay) return undefined;
    const unlock = lockScroll();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeOverlay();
      } else if (sidebarRef.current) {
        keepTabInside(event, sidebarRef.current);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      unlock();
    };
  }, [overlay, closeOverlay]);

  return (
    <div className={`app-shell${collapsed ? ' sidebar-collapsed' : ''}`}>
      <a className="skip-link" href="#main" inert={overlay}>
        Skip to content
      </a>
      {/* Before the sidebar and the page: reached early by Tab, and in the flow, so it covers nothing. */}
      <CookieNotice inert={overlay} />
      <Sidebar
        ref={sidebarRef}
        toggleRef={toggleRef}
        collapsed={collapsed}
        onToggle={() => setCollapsed((value) => !value)}
        // Closed in the same update as the navigation, so the new page is not inert when it takes focus.
        onNavigate={() => {
          if (phone) setCollapsed(true);
        }}
      />
      {overlay && <div className="sidebar-scrim" data-testid="sidebar-scrim" aria-hidden="true" onClick={closeOverlay} />}
      <main id="main" className="app-main" tabIndex={-1} inert={overlay}>
        <Suspense fallback={<div className="route-loading" role="status" aria-live="polite" />}>
          <Outlet />
        </Suspense>
      </main>
      <Announcer />
      <ScrollToTop />
    </div>
  );
}
