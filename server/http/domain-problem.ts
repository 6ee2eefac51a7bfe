import { BusinessRuleError, DomainError, DuplicateValueError, NotFoundError, RuleRefusedError, StaleVersionError, StateConflictError } from '../errors.ts';
import { ConflictProblem, HttpProblem } from './problem.ts';
import { ruleDetail } from './rule-detail.ts';

/** The one place where a domain error becomes its HTTP status and problem+json. */
export function fromDomainError(error: unknown): HttpProblem | null {
  if (!(error instanceof DomainError)) return null;
  if (error instanceof RuleRefusedError) return new ConflictProblem('rule-refused', error.code, ruleDetail(error.rule), error.errors);
  if (error instanceof StaleVersionError) return new ConflictProblem('stale-version', error.code, error.message, error.errors);
  if (error instanceof DuplicateValueError) return new ConflictProblem('duplicate-value', error.code, error.message, error.errors);
  if (error instanceof StateConflictError) return new ConflictProblem('state-conflict', error.code, error.message, error.errors);
  const status = error instanceof NotFoundError ? 404 : error instanceof BusinessRuleError ? 422 : 400;
  return new HttpProblem(status, error.code, error.message, error.errors);
}
