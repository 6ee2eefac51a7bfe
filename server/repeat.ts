import { logUnexpected } from './http/log-unexpected.ts';

/**
 * Runs `work` now and then every `everyMs` in this process, never two runs at once (a slow run makes the next
 * tick a no-op rather than a pile-up), logging a failure and going on. Answers the function that stops it, which
 * settles once a run in progress has ended (a server closes its database only after).
 */
export function repeatEvery(place: string, everyMs: number, work: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    // Started a microtask later, so `finally` always runs after the assignment and `running` never stays set.
    running ??= Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => logUnexpected(place, error),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  // The loops must never keep a process alive that is otherwise done (tests, a server closing).
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
