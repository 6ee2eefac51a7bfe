/**
 * A Map-backed `localStorage` (or, named, `sessionStorage`) for running the session and preferences machines in Node
 * (tests and test paths).
 */
export function installMemoryStorage(initial: Record<string, string> = {}, name: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage {
  const data = new Map<string, string>(Object.entries(initial));
  const storage: Storage = {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
  Object.defineProperty(globalThis, name, { value: storage, configurable: true, writable: true });
  return storage;
}
