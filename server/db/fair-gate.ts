import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When the request being served arrived (performance.now()). A request takes a connection several
 * times (session, page, count, audit); first come, first served per take would send it to the back
 * of the line each time, so under 200 clients every request waited for every other one several
 * times over. Ordered by arrival, a request that has started finishes before later ones begin.
 */
export const requestArrival = new AsyncLocalStorage<number>();

/** Whoever asks outside a request (scheduler, export worker) queues as if it arrived now. */
const arrival = () => requestArrival.getStore() ?? performance.now();

/** `size` permits handed out oldest request first. */
export function fairGate(size: number) {
  let free = size;
  const waiting: { at: number; grant: () => void }[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next.grant();
    else free++;
  };
  return {
    /** Resolves with the function that gives the permit back, to be called exactly once. */
    acquire(): Promise<() => void> {
      if (free > 0) {
        free--;
        return Promise.resolve(once(release));
      }
      const at = arrival();
      return new Promise((resolve) => {
        // Stable: among equal arrivals, the one that asked first goes first.
        let index = waiting.length;
        while (index > 0 && waiting[index - 1].at > at) index--;
        waiting.splice(index, 0, { at, grant: () => resolve(once(release)) });
      });
    },
  };
}

function once(release: () => void) {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}
