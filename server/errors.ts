/**
 * What services and resources throw when a request cannot be carried out. They know nothing of
 * HTTP; server/http maps each to its status and problem+json in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly errors?: { path: string; keyword: string; params?: Record<string, unknown> }[],
  ) {
    super(message);
  }
}

/** No record with that id (404). */
export class NotFoundError extends DomainError {
  constructor(readonly entity: string) {
    super(`${entity}.notFound`, `No such ${entity}.`);
  }
}

/** The client wrote with a version someone else already replaced (409); it may reload or overwrite. */
export class StaleVersionError extends DomainError {
  constructor(
    readonly entity: string,
    readonly currentVersion: number,
  ) {
    super('conflict.staleVersion', `The ${entity} was changed by someone else (version ${currentVersion}).`, [
      { path: 'body/version', keyword: 'stale', params: { currentVersion } },
    ]);
  }
}

/** A value that must be unique is already another record's (409); `errors` name the field, `code` the rule. */
export class DuplicateValueError extends DomainError {}

/** A business rule refused the request (422); `code` names the rule for the UI to translate. */
export class BusinessRuleError extends DomainError {}

/** The record's state does not allow the change (409), e.g. editing a closed record or opening a second one. */
export class StateConflictError extends DomainError {}

/** A workflow's statechart refused the event (409); `rule` is the refusing guard's rule code. */
export class RuleRefusedError extends DomainError {
  /** `params` say more than the rule, e.g. which records made the guard refuse. */
  constructor(readonly rule: string, params: Record<string, unknown> = {}) {
    super(rule, `The workflow refused the event (${rule}).`, [{ path: 'body/type', keyword: 'workflow', params: { ...params, rule } }]);
  }
}

/** Input the contract cannot describe is missing or malformed (400). */
export class InvalidInputError extends DomainError {}
