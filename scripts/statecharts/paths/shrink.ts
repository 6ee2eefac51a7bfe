/**
 * Shrinking a failing event sequence, as property-based testing tools do.
 *
 * 1. The shortest failing prefix: the smallest `n` such that the first `n` events still fail (checked
 *    prefix by prefix from the shortest, so the answer is exact even when failures are not monotonic).
 * 2. Optionally, removing single events from that prefix while it still fails, until none can go (a
 *    one-minimal sequence, as delta debugging's last stage).
 */
export interface ShrinkResult<T> {
  /** The shortest failing prefix (or that prefix with redundant events removed, when asked). */
  events: T[];
  /** Length of the shortest failing prefix. */
  prefixLength: number;
  /** How many candidate sequences were tried. */
  tries: number;
}

export function shrink<T>(events: readonly T[], fails: (candidate: T[]) => boolean, options: { removeEvents?: boolean } = {}): ShrinkResult<T> {
  let tries = 0;
  const check = (candidate: T[]) => {
    tries += 1;
    return fails(candidate);
  };
  let prefixLength = -1;
  for (let n = 0; n <= events.length; n += 1) {
    if (check(events.slice(0, n))) {
      prefixLength = n;
      break;
    }
  }
  if (prefixLength < 0) throw new Error('shrink: the sequence does not fail');
  let current = events.slice(0, prefixLength);
  if (options.removeEvents) {
    // Passes over the sequence until no single event can go. The last event stays: the prefix is the
    // shortest failing one, so the failure needs it.
    for (let removed = true; removed; ) {
      removed = false;
      for (let i = current.length - 2; i >= 0; i -= 1) {
        const candidate = [...current.slice(0, i), ...current.slice(i + 1)];
        if (check(candidate)) {
          current = candidate;
          removed = true;
        }
      }
    }
  }
  return { events: current, prefixLength, tries };
}
