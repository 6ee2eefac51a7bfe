/**
 * Limits that only catch a hang, stretched where the machine may be loaded: a test's verdict must not depend on how
 * busy the machine is. One CI run did its serial checks four times slower than a quiet machine (typecheck 11 min
 * against 2.5) and lost a test to a 120 s limit; a passing test costs nothing more for a longer one.
 * TEST_TIME_SCALE sets the factor; CI defaults to 4, a developer's run to 1 (a hang shows quickly).
 */
export const TIME_SCALE = Number(process.env.TEST_TIME_SCALE || (process.env.CI ? 4 : 1));

/** `ms`, stretched by the run's factor. */
export const hangLimit = (ms: number) => ms * TIME_SCALE;
