import { describe, expect, it } from 'vitest';
import { CATALOG_RETRY, loadCatalog, withRetry } from '../../src/i18n/load-catalog.ts';

describe('catalog loading', () => {
  it('retries 5 times, waiting 350 ms and doubling, then gives up', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('offline'));
    };
    await expect(withRetry(failing, async (ms) => void waits.push(ms))).rejects.toThrow('offline');
    expect(calls).toBe(1 + CATALOG_RETRY.retries);
    expect(waits).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('succeeds as soon as a retry works', async () => {
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(new Error('flaky')) : Promise.resolve('ok'));
    await expect(withRetry(flaky, async () => {})).resolves.toBe('ok');
    expect(calls).toBe(3);
  });

  it('reads at most 10 catalogs at once', async () => {
    let running = 0;
    let peak = 0;
    const read = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return 1;
    };
    await Promise.all(Array.from({ length: 25 }, () => withRetry(read)));
    expect(peak).toBe(CATALOG_RETRY.maxParallel);
  });

  it('loads a locale over the Spanish catalog, so every Spanish key has a message', async () => {
    const [es, en] = await Promise.all([loadCatalog('es'), loadCatalog('en')]);
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
    expect(en['auth.logIn.title']).not.toBe(es['auth.logIn.title']);
  });
});
