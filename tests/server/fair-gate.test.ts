import { describe, expect, it } from 'vitest';
import { fairGate, requestArrival } from '../../server/db/fair-gate.ts';

describe('the database gate', () => {
  it('hands a freed connection to the request that arrived first, not to the one that asked first', async () => {
    const gate = fairGate(1);
    const release = await gate.acquire();
    const granted: string[] = [];
    const ask = (name: string, arrivedAt: number) =>
      requestArrival.run(arrivedAt, () => gate.acquire()).then((done) => {
        granted.push(name);
        return done;
      });
    const late = ask('arrived at 30', 30);
    const early = ask('arrived at 10', 10);
    const alsoEarly = ask('also arrived at 10', 10);
    release();
    (await early)();
    (await alsoEarly)();
    (await late)();
    expect(granted).toEqual(['arrived at 10', 'also arrived at 10', 'arrived at 30']);
  });

  it('never hands out more permits than it has, even when a permit is given back twice', async () => {
    const gate = fairGate(2);
    const first = await gate.acquire();
    await gate.acquire();
    let third = false;
    const waiting = gate.acquire().then(() => (third = true));
    first();
    first();
    await waiting;
    expect(third).toBe(true);
    let fourth = false;
    void gate.acquire().then(() => (fourth = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fourth).toBe(false);
  });
});
