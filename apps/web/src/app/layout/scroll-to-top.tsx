import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Scroll resets to the top on every route change (not on filter changes, which keep the path). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
