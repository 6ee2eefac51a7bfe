import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * While `active` (unsaved changes), leaving asks first: the browser's own prompt on reload or close,
 * and for in-app links a question the screen shows (`pending`), answered with `stay` or `leave`.
 */
export function useLeaveGuard(active: boolean) {
  const [pending, setPending] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const released = useRef(false);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    // Capture phase on the document: runs before the router's own link handler.
    const onClick = (event: MouseEvent) => {
      if (released.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      // A link marked data-keeps-draft leaves nothing behind: the screen keeps what was typed as a draft.
      if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download') || anchor.hasAttribute('data-keeps-draft')) return;
      const url = new URL(anchor.href, window.location.href);
      const to = url.pathname + url.search + url.hash;
      if (url.origin !== window.location.origin || to === window.location.pathname + window.location.search + window.location.hash) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);

  return {
    pending,
    stay: () => setPending(null),
    leave: () => {
      const to = pending;
      setPending(null);
      released.current = true;
      if (to) navigate(`~${to}`);
    },
    /** Leaves without asking (after a save or a delete). */
    release: () => {
      released.current = true;
    },
  };
}
