import { BusinessRuleError, DomainError, NotFoundError, StaleVersionError } from '../domain/errors.ts';
import { HttpProblem } from './problem.ts';

/** The one place where a domain error becomes its HTTP status and problem+json. */
export function fromDomainError(error: unknown): HttpProblem | null {
  if (!(error instanceof DomainError)) return null;
  const status = error instanceof NotFoundError ? 404 : error instanceof StaleVersionError ? 409 : error instanceof BusinessRuleError ? 422 : 400;
  return new HttpProblem(status, error.code, error.message, error.errors);
}
