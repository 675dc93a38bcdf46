import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a back/forward restore waits for the page to grow tall enough (lazy content). */
const RESTORE_FRAMES = 30;

/**
 * Scroll handling for the declarative router (the data router's `ScrollRestoration` is not
 * shipped): a new page starts at the top, a change of query string only (filters, paging)
 * keeps the position, and back/forward returns to where that page was left.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previousPath = useRef(location.pathname);
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    // Remember the position of the current history entry while the visitor scrolls.
    const remember = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const pathChanged = previousPath.current !== location.pathname;
    previousPath.current = location.pathname;
    if (navigationType !== 'POP') {
      if (pathChanged) window.scrollTo(0, 0);
      return;
    }
    const target = positions.current.get(location.key) ?? 0;
    let frames = 0;
    let handle = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
      if (reachable || frames >= RESTORE_FRAMES) {
        window.scrollTo(0, target);
        return;
      }
      frames += 1;
      handle = window.requestAnimationFrame(restore);
    };
    restore();
    return () => window.cancelAnimationFrame(handle);
  }, [location.key, location.pathname, navigationType]);

  return null;
}
