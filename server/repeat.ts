import { logUnexpected } from './http/log-unexpected.ts';

/**
 * Runs `work` now and then every `everyMs` in this process, never two runs at once (a slow run makes the next
 * tick a no-op rather than a pile-up), logging a failure and going on. Answers the function that stops it.
 */
export function repeatEvery(place: string, everyMs: number, work: () => Promise<unknown>): () => void {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await work();
    } catch (error) {
      logUnexpected(place, error);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(tick, everyMs);
  // The loops must never keep a process alive that is otherwise done (tests, a server closing).
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
