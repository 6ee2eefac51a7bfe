import { BusinessRuleError, DomainError, DuplicateValueError, NotFoundError, RuleRefusedError, StaleVersionError, StateConflictError } from '../errors.ts';
import { HttpProblem } from './problem.ts';
import { ruleDetail } from './rule-detail.ts';

/** The one place where a domain error becomes its HTTP status and problem+json. */
export function fromDomainError(error: unknown): HttpProblem | null {
  if (!(error instanceof DomainError)) return null;
  if (error instanceof RuleRefusedError) return new HttpProblem(409, error.code, ruleDetail(error.rule), error.errors);
  if (error instanceof StateConflictError || error instanceof DuplicateValueError) return new HttpProblem(409, error.code, error.message, error.errors);
  const status = error instanceof NotFoundError ? 404 : error instanceof StaleVersionError ? 409 : error instanceof BusinessRuleError ? 422 : 400;
  return new HttpProblem(status, error.code, error.message, error.errors);
}
