import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { CookieNotice } from './cookie-notice';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';
import './layout.css';

/** Phone widths start with the sidebar collapsed to its icon rail. */
const PHONE_QUERY = '(max-width: 768px)';

export function AppLayout() {
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.(PHONE_QUERY).matches ?? false);

  return (
    <div className={`app-shell${collapsed ? ' sidebar-collapsed' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<div className="route-loading" role="status" aria-live="polite" />}>
          <Outlet />
        </Suspense>
      </main>
      <CookieNotice />
      <ScrollToTop />
    </div>
  );
}
