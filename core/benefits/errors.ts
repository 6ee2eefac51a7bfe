/**
 * Thrown when the engine is called with data no caller should send (a malformed date in the facts,
 * a negative or fractional amount, a percentage outside 0–100). Business outcomes are never thrown:
 * they come back as rejected lines with a reason code. The server validates input first, so this
 * signals a programming error; `path` names the offending field.
 */
export class BenefitInputError extends RangeError {
  readonly path: string;

  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'BenefitInputError';
    this.path = path;
  }
}
