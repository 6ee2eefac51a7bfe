import { useCallback, useState } from 'react';

const read = <T,>(key: string | null, fallback: T): T => {
  if (!key) return fallback;
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? fallback : (JSON.parse(stored) as T);
  } catch {
    return fallback;
  }
};

/** State kept in localStorage under `key` (per user and resource); without a key it lives only in memory. */
export function useStoredState<T>(key: string | null, fallback: T) {
  const [state, setState] = useState<{ key: string | null; value: T }>(() => ({ key, value: read(key, fallback) }));
  // The key arrives late (the user's id loads after the screen): read again when it changes.
  const value = state.key === key ? state.value : read(key, fallback);
  const set = useCallback(
    (next: T) => {
      setState({ key, value: next });
      if (key) localStorage.setItem(key, JSON.stringify(next));
    },
    [key],
  );
  return [value, set] as const;
}
