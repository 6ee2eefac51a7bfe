/**
 * The specification's secure storage: what the panel keeps in the browser besides `auth_token`, `user_loged` and
 * `errors` (preferences, list column choices) lives under `@secure.<type>.<name>`, the type one of b(oolean),
 * j(son), n(umber), s(tring), its value encrypted with AES-GCM under a non-extractable key of this browser kept in
 * IndexedDB. Reads are synchronous from what `load()` decrypted at start; writes encrypt in the background, in order.
 * Without Web Crypto or IndexedDB (an insecure origin) values live in memory only: never written in clear.
 */

export const SECURE_PREFIX = '@secure.';
type Kind = 'b' | 'j' | 'n' | 's';
export type SecureValue = boolean | number | string | object | null;

export interface KeyStore {
  get(): Promise<CryptoKey | undefined>;
  put(key: CryptoKey): Promise<void>;
  remove(): Promise<void>;
}

const kindOf = (value: SecureValue): Kind => (typeof value === 'boolean' ? 'b' : typeof value === 'number' ? 'n' : typeof value === 'string' ? 's' : 'j');
const revive: Record<Kind, (text: string) => SecureValue> = { b: (t) => t === 'true', n: Number, s: (t) => t, j: (t) => JSON.parse(t) as SecureValue };
const serialize = (value: SecureValue) => (typeof value === 'string' ? value : JSON.stringify(value));
const KEY_PATTERN = /^@secure\.([bjns])\.(.+)$/;

const namesIn = (store: Storage) => Array.from({ length: store.length }, (_, i) => store.key(i)!);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

export function createSecureStorage(storage: () => Storage | undefined, keys: KeyStore | null, subtle: SubtleCrypto | undefined) {
  const cache = new Map<string, SecureValue>();
  let key: Promise<CryptoKey | null> | null = null;
  let writes: Promise<void> = Promise.resolve();
  // A write queued before a clear belongs to the session that ended: it is dropped.
  let generation = 0;

  const cryptoKey = () =>
    (key ??= (async () => {
      if (!keys || !subtle) return null;
      const kept = await keys.get();
      if (kept) return kept;
      const made = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      await keys.put(made);
      return made;
    })().catch(() => null));

  const seal = async (k: CryptoKey, text: string) => {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(await subtle!.encrypt({ name: 'AES-GCM', iv }, k, new TextEncoder().encode(text)));
    const joined = new Uint8Array(iv.length + sealed.length);
    joined.set(iv);
    joined.set(sealed, iv.length);
    return toBase64(joined);
  };
  const open = async (k: CryptoKey, stored: string) => {
    const bytes = fromBase64(stored);
    return new TextDecoder().decode(await subtle!.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, k, bytes.slice(12)));
  };
  const entriesOf = (name: string) => (['b', 'j', 'n', 's'] as const).map((kind) => `${SECURE_PREFIX}${kind}.${name}`);

  const enqueue = (work: (k: CryptoKey) => Promise<void>) => {
    const mine = generation;
    writes = writes
      .then(async () => {
        const k = await cryptoKey();
        if (k && mine === generation) await work(k);
      })
      .catch(() => undefined);
  };

  return {
    /** Decrypts what this browser kept; an entry that does not open (another key, tampered) is dropped. */
    async load() {
      const store = storage();
      const k = await cryptoKey();
      if (!store || !k) return;
      for (const name of namesIn(store)) {
        const match = KEY_PATTERN.exec(name);
        if (!match) continue;
        try {
          cache.set(match[2]!, revive[match[1] as Kind](await open(k, store.getItem(name)!)));
        } catch {
          store.removeItem(name);
        }
      }
    },
    /**
     * The value kept under `name`. A plain entry under the bare name (kept by an earlier panel, or set by hand) is
     * newer than the secure one: it is taken (an object over the kept object's fields), sealed and removed from the clear.
     */
    get(name: string): SecureValue | undefined {
      const plain = storage()?.getItem(name);
      if (plain !== null && plain !== undefined) {
        storage()?.removeItem(name);
        let value: SecureValue = plain;
        try {
          value = JSON.parse(plain) as SecureValue;
        } catch {
          // Not JSON: kept as the text it is.
        }
        const kept = cache.get(name);
        const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);
        this.set(name, isObject(kept) && isObject(value) ? { ...kept, ...value } : value);
      }
      return cache.get(name);
    },
    set(name: string, value: SecureValue) {
      cache.set(name, value);
      enqueue(async (k) => {
        const sealed = await seal(k, serialize(value));
        const store = storage();
        if (!store) return;
        for (const entry of entriesOf(name)) store.removeItem(entry);
        store.setItem(`${SECURE_PREFIX}${kindOf(value)}.${name}`, sealed);
      });
    },
    /** Resolves once every write so far is in storage. */
    flush: () => writes,
    /** Logout: the values, their entries and this browser's key go (the rest of storage is cleared beside it). */
    clear() {
      generation += 1;
      cache.clear();
      const store = storage();
      if (store) for (const name of namesIn(store)) if (name.startsWith(SECURE_PREFIX)) store.removeItem(name);
      key = null;
      writes = writes.then(() => keys?.remove()).catch(() => undefined);
    },
  };
}

const DATABASE = 'dental-secure-storage';
const STORE = 'keys';
const ID = 'storage';

/** The browser's key in IndexedDB: a CryptoKey is stored as it is (structured clone), never as bytes. */
function indexedDbKeys(): KeyStore | null {
  const idb = globalThis.indexedDB;
  if (!idb) return null;
  const database = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = idb.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const run = async <T,>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await database();
    try {
      return await new Promise<T>((resolve, reject) => {
        const request = act(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  };
  return {
    get: () => run('readonly', (store) => store.get(ID) as IDBRequest<CryptoKey | undefined>),
    put: async (key) => void (await run('readwrite', (store) => store.put(key, ID))),
    remove: () =>
      new Promise<void>((resolve) => {
        const request = idb.deleteDatabase(DATABASE);
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      }),
  };
}

export const secureStorage = createSecureStorage(() => globalThis.localStorage, indexedDbKeys(), globalThis.crypto?.subtle);
