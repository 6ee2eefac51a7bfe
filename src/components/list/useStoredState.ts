import { useCallback, useState } from 'react';
import { secureStorage } from '../../machines/secure-storage.ts';

const read = <T,>(key: string | null, fallback: T): T => (key ? ((secureStorage.get(key) as T | undefined) ?? fallback) : fallback);

/** State kept in the browser's secure storage under `key` (per user and resource); without a key it lives only in memory. */
export function useStoredState<T>(key: string | null, fallback: T) {
  const [state, setState] = useState<{ key: string | null; value: T }>(() => ({ key, value: read(key, fallback) }));
  // The key arrives late (the user's id loads after the screen): read again when it changes.
  const value = state.key === key ? state.value : read(key, fallback);
  const set = useCallback(
    (next: T) => {
      setState({ key, value: next });
      if (key) secureStorage.set(key, next as object);
    },
    [key],
  );
  return [value, set] as const;
}
