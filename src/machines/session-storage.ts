import { secureStorage } from './secure-storage.ts';

/** The specification's browser storage keys for the session. */
export const STORAGE_KEYS = { token: 'auth_token', user: 'user_loged', errors: 'errors' } as const;

export interface StoredUser {
  id: number;
  name: string;
  email: string;
  roles: string[];
  [key: string]: unknown;
}

const storage = () => globalThis.localStorage;

export function readStoredSession(): { token: string | null; user: StoredUser | null } {
  const token = storage()?.getItem(STORAGE_KEYS.token) || null;
  let user: StoredUser | null = null;
  try {
    user = JSON.parse(storage()?.getItem(STORAGE_KEYS.user) ?? 'null');
  } catch {
    user = null;
  }
  return { token, user: token ? user : null };
}

export function writeStoredSession(token: string, user: StoredUser): void {
  storage()?.setItem(STORAGE_KEYS.token, token);
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  storage()?.removeItem(STORAGE_KEYS.errors);
}

export const writeStoredError = (message: string) => storage()?.setItem(STORAGE_KEYS.errors, message);
export const readStoredError = () => storage()?.getItem(STORAGE_KEYS.errors) ?? null;

/** Logout clears all browser storage, as the specification says: this tab's session storage and the secure storage's key too. */
export const clearStorage = () => {
  secureStorage.clear();
  storage()?.clear();
  globalThis.sessionStorage?.clear();
};
