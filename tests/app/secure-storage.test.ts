import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecureStorage, type KeyStore } from '../../src/machines/secure-storage.ts';
import { installMemoryStorage } from '../../scripts/statecharts/paths/memory-storage.ts';

// Issue 28 item 21: the specification's secure storage (`@secure.` + the value's type in the key, the value
// encrypted), on the Web Crypto that browsers have (Node's is the same API).
const subtle = webcrypto.subtle as SubtleCrypto;

function memoryKeys(): KeyStore & { held: () => CryptoKey | undefined } {
  let held: CryptoKey | undefined;
  return { get: async () => held, put: async (key) => void (held = key), remove: async () => void (held = undefined), held: () => held };
}

const entries = (storage: Storage) => Object.fromEntries(Array.from({ length: storage.length }, (_, i) => [storage.key(i)!, storage.getItem(storage.key(i)!)!]));

describe('secure storage', () => {
  it('keeps each value under @secure.<type>.<name>, encrypted, and a new start with the same key reads them back', async () => {
    const storage = installMemoryStorage({ auth_token: 'kept-as-is' });
    const keys = memoryKeys();
    const first = createSecureStorage(() => storage, keys, subtle);
    first.set('preferences', { currentTheme: 'dark', locale: 'ja' });
    first.set('tour-done', true);
    first.set('page-size', 50);
    first.set('last-search', 'Muñoz');
    await first.flush();
    const kept = entries(storage);
    expect(Object.keys(kept).sort()).toEqual(['@secure.b.tour-done', '@secure.j.preferences', '@secure.n.page-size', '@secure.s.last-search', 'auth_token']);
    // Sealed: 12 bytes of IV, the text's own length, 16 bytes of tag, and none of the text readable in it.
    const plain: Record<string, string> = {
      '@secure.j.preferences': '{"currentTheme":"dark","locale":"ja"}',
      '@secure.b.tour-done': 'true',
      '@secure.n.page-size': '50',
      '@secure.s.last-search': 'Muñoz',
    };
    for (const [name, text] of Object.entries(plain)) {
      const sealed = Buffer.from(kept[name]!, 'base64');
      expect(sealed.length).toBe(12 + Buffer.byteLength(text) + 16);
      expect(kept[name]).not.toContain(text);
      expect(sealed.includes(Buffer.from(text))).toBe(false);
    }
    expect(keys.held()!.extractable).toBe(false);

    const again = createSecureStorage(() => storage, keys, subtle);
    await again.load();
    expect(again.get('preferences')).toEqual({ currentTheme: 'dark', locale: 'ja' });
    expect(again.get('tour-done')).toBe(true);
    expect(again.get('page-size')).toBe(50);
    expect(again.get('last-search')).toBe('Muñoz');
  });

  it('drops what another key sealed or someone altered, instead of failing', async () => {
    const storage = installMemoryStorage();
    const mine = createSecureStorage(() => storage, memoryKeys(), subtle);
    mine.set('preferences', { locale: 'fr' });
    await mine.flush();
    const other = createSecureStorage(() => storage, memoryKeys(), subtle);
    await other.load();
    expect(other.get('preferences')).toBeUndefined();
    expect(storage.length).toBe(0);
  });

  it('takes a value an earlier panel kept in the clear, and keeps it sealed from then on', async () => {
    const storage = installMemoryStorage({ preferences: JSON.stringify({ direction: 'rtl' }) });
    const secure = createSecureStorage(() => storage, memoryKeys(), subtle);
    await secure.load();
    expect(secure.get('preferences')).toEqual({ direction: 'rtl' });
    await secure.flush();
    expect(Object.keys(entries(storage))).toEqual(['@secure.j.preferences']);
    // Set in the clear again (by hand, or a test): over what is kept, field by field.
    storage.setItem('preferences', JSON.stringify({ locale: 'ja' }));
    expect(secure.get('preferences')).toEqual({ direction: 'rtl', locale: 'ja' });
  });

  it('a change of type leaves one entry; logout clears the entries and the key, and drops a write still on its way', async () => {
    const storage = installMemoryStorage();
    const keys = memoryKeys();
    const secure = createSecureStorage(() => storage, keys, subtle);
    secure.set('choice', 'a');
    secure.set('choice', 3);
    await secure.flush();
    expect(Object.keys(entries(storage))).toEqual(['@secure.n.choice']);
    secure.set('late', { typed: 'x' });
    secure.clear();
    await secure.flush();
    expect(storage.length).toBe(0);
    expect(keys.held()).toBeUndefined();
    expect(secure.get('choice')).toBeUndefined();
  });

  it('without Web Crypto keeps values in memory only, never in the clear', async () => {
    const storage = installMemoryStorage();
    const secure = createSecureStorage(() => storage, null, undefined);
    secure.set('preferences', { locale: 'zh' });
    await secure.flush();
    expect(secure.get('preferences')).toEqual({ locale: 'zh' });
    expect(storage.length).toBe(0);
  });
});
