import type { Page } from '@playwright/test';

/**
 * What the panel keeps under `name` in its secure storage, decrypted in the page with the browser's own key (as the
 * panel does): tests read preferences and list choices through it, since nothing is kept in the clear.
 */
export const readSecure = (page: Page, name: string) =>
  page.evaluate(async (wanted) => {
    const entry = Object.keys(localStorage).find((key) => /^@secure\.[bjns]\./.test(key) && key.slice(10) === wanted);
    if (!entry) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('dental-secure-storage', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const key = await new Promise<CryptoKey>((resolve, reject) => {
      const request = db.transaction('keys').objectStore('keys').get('storage');
      request.onsuccess = () => resolve(request.result as CryptoKey);
      request.onerror = () => reject(request.error);
    });
    db.close();
    const bytes = Uint8Array.from(atob(localStorage.getItem(entry)!), (ch) => ch.charCodeAt(0));
    const text = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12)));
    return entry[8] === 's' ? text : JSON.parse(text);
  }, name);
