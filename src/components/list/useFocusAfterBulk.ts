import { useEffect, useRef } from 'react';

/** How long after the bar goes a focus dropped to the page is still put back (the list is read again meanwhile). */
const SETTLE_MS = 1500;

/**
 * The bulk bar goes once its work is done (its rows left the list) or the choice is cleared, taking the
 * focused control with it; the rows it worked on may leave the grid while one of them holds the focus. A
 * keyboard user would be sent back to the start of the page: while the list settles, a focus that drops
 * to the page goes to the list's tools instead. A focus the user moved elsewhere is left alone.
 */
export function useFocusAfterBulk(shown: boolean) {
  const tools = useRef<HTMLDivElement>(null);
  const wasInside = useRef(false);
  useEffect(() => {
    if (shown || !wasInside.current) return;
    wasInside.current = false;
    const until = performance.now() + SETTLE_MS;
    let frame = 0;
    const watch = () => {
      const active = document.activeElement;
      if (!active || active === document.body) tools.current?.querySelector<HTMLElement>('input, select, button')?.focus();
      else if (performance.now() < until) frame = requestAnimationFrame(watch);
    };
    frame = requestAnimationFrame(watch);
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return {
    tools,
    onBulkFocus: () => {
      wasInside.current = true;
    },
  };
}
