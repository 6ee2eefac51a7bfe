type ProblemErrors = { path: string; keyword: string; params?: Record<string, unknown> }[];

/** An error the client should see as `application/problem+json`; `code` is what the UI translates. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: ProblemErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

/**
 * The four kinds of 409 a client must tell apart: reload and look again (stale version), say the rule (refused by
 * a guard), point at the field (duplicate value), or say the record cannot take it now (state conflict).
 */
export type ConflictKind = 'stale-version' | 'rule-refused' | 'duplicate-value' | 'state-conflict';

/** A 409: its problem `type` is its kind (`urn:problem:stale-version` …), its `code` the precise reason. */
export class ConflictProblem extends HttpProblem {
  constructor(
    readonly kind: ConflictKind,
    code: string,
    detail: string,
    errors?: ProblemErrors,
  ) {
    super(409, code, detail, errors);
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function problemBody(problem: HttpProblem) {
  return {
    type: `urn:problem:${problem instanceof ConflictProblem ? problem.kind : problem.code}`,
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
}

export const notFound = (entity: string) => new HttpProblem(404, `${entity}.notFound`, `No such ${entity}.`);
