import { BenefitInputError } from './errors.ts';

/** Largest amount the engine accepts, in cents (10 billion currency units): keeps every product exact. */
export const MAX_CENTS = 1_000_000_000_000;

/** True for an integer amount of cents in 0..MAX_CENTS. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CENTS;
}

/** True for an integer percentage in 0..100. */
export function isPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;
}

export function assertCents(value: unknown, path: string): asserts value is number {
  if (!isCents(value)) throw new BenefitInputError(path, `expected integer cents in 0..${MAX_CENTS}, got ${String(value)}`);
}

export function assertPercent(value: unknown, path: string): asserts value is number {
  if (!isPercent(value)) throw new BenefitInputError(path, `expected an integer percentage 0..100, got ${String(value)}`);
}

/** `pct` % of `amountCents`, rounded half-up to the cent: `floor((a × pct + 50) / 100)`. */
export function percentOf(amountCents: number, pct: number): number {
  assertCents(amountCents, 'amountCents');
  assertPercent(pct, 'pct');
  return Math.floor((amountCents * pct + 50) / 100);
}
