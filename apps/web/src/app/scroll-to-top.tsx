import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page reached by a link or a redirect opens at its top, not at the scroll position of the page
 * before (the group page after paying opened half-way down). Back and forward (POP) are left to the
 * browser; a change of the query alone (a dialog's parameter, a chat's conversation) scrolls nothing.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
