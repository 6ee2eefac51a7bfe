import type { Locale } from '../machines/preferences.machine.ts';
import es from './messages/es.json';

export type Catalog = Record<string, string>;

/** The specification's translation-loading policy. */
export const CATALOG_RETRY = { retries: 5, firstDelayMs: 350, maxParallel: 10 } as const;

const loaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  es: async () => ({ default: es }),
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

/** The locale's messages over the Spanish ones, so a missing key shows in Spanish, never as an id. */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const { default: messages } = await withRetry(loaders[locale]);
  return locale === 'es' ? es : { ...es, ...messages };
}

export const spanishCatalog: Catalog = es;
