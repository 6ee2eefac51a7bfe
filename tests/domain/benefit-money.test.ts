import { describe, expect, it } from 'vitest';
import { BenefitInputError, MAX_CENTS, assertCents, assertPercent, isCents, isPercent, percentOf } from '@core/benefits/index.ts';

// Amounts are whole minor units in 0..MAX_CENTS, percentages whole numbers in 0..100.
describe('amounts and percentages the engine accepts', () => {
  it('has a largest amount of 10 billion currency units', () => {
    expect(MAX_CENTS).toBe(1_000_000_000_000);
  });

  it.each([
    [0, true],
    [1, true],
    [MAX_CENTS, true],
    [MAX_CENTS + 1, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['100', false],
    [null, false],
  ])('isCents(%s) is %s', (value, expected) => {
    expect(isCents(value)).toBe(expected);
  });

  it.each([
    [0, true],
    [50, true],
    [100, true],
    [101, false],
    [-1, false],
    [50.5, false],
    ['50', false],
    [undefined, false],
  ])('isPercent(%s) is %s', (value, expected) => {
    expect(isPercent(value)).toBe(expected);
  });

  it('names the field and says what it expected', () => {
    expect(() => assertCents(-5, 'line.chargedCents')).toThrow(new BenefitInputError('line.chargedCents', 'expected integer cents in 0..1000000000000, got -5'));
    expect(() => assertCents(-5, 'line.chargedCents')).toThrow('line.chargedCents: expected integer cents in 0..1000000000000, got -5');
    expect(() => assertPercent(101, 'coveragePercent.BASIC')).toThrow('coveragePercent.BASIC: expected an integer percentage 0..100, got 101');
    expect(() => assertCents(MAX_CENTS, 'x')).not.toThrow();
    expect(() => assertPercent(0, 'x')).not.toThrow();
    expect(() => percentOf(-1, 50)).toThrow('amountCents: expected integer cents in 0..1000000000000, got -1');
    expect(() => percentOf(100, 101)).toThrow('pct: expected an integer percentage 0..100, got 101');
  });

  it('throws an error that carries the path and its own name', () => {
    const error = (() => {
      try {
        assertCents(1.5, 'facts.usage.orthoLifetimeUsedCents');
      } catch (e) {
        return e;
      }
    })() as BenefitInputError;
    expect(error).toBeInstanceOf(RangeError);
    expect(error.name).toBe('BenefitInputError');
    expect(error.path).toBe('facts.usage.orthoLifetimeUsedCents');
    expect(error.message).toBe('facts.usage.orthoLifetimeUsedCents: expected integer cents in 0..1000000000000, got 1.5');
  });
});
