import type { Locale } from '../machines/preferences.machine.ts';

export type Catalog = Record<string, string>;

/** The specification's translation-loading policy. */
export const CATALOG_RETRY = { retries: 5, firstDelayMs: 350, maxParallel: 10 } as const;

// Every catalog is a chunk of its own, Spanish too: the log-in page ships only its own texts.
const loaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  es: () => import('./messages/es.json'),
  en: () => import('./messages/en.json'),
  fr: () => import('./messages/fr.json'),
  zh: () => import('./messages/zh.json'),
  ja: () => import('./messages/ja.json'),
};

let running = 0;
const waiting: (() => void)[] = [];
async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CATALOG_RETRY.maxParallel) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Retries a read up to `retries` times, waiting 350 ms, then 700 ms, … between tries. */
export async function withRetry<T>(read: () => Promise<T>, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await withSlot(read);
    } catch (error) {
      if (attempt >= CATALOG_RETRY.retries) throw error;
      await wait(CATALOG_RETRY.firstDelayMs * 2 ** attempt);
    }
  }
}

const loaded = new Map<Locale, Promise<Catalog>>();

/** One locale's own messages, read once (a failed read is tried again next time). */
export function loadMessages(locale: Locale): Promise<Catalog> {
  let reading = loaded.get(locale);
  if (!reading) {
    reading = withRetry(loaders[locale]).then((module) => module.default);
    reading.catch(() => loaded.delete(locale));
    loaded.set(locale, reading);
  }
  return reading;
}

/** The locale's messages over the Spanish ones, so a missing key shows in Spanish, never as an id. */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const [es, messages] = await Promise.all([loadMessages('es'), loadMessages(locale)]);
  return locale === 'es' ? es : { ...es, ...messages };
}
