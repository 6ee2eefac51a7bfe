import { HttpProblem } from '../http/problem.ts';

/** The issue-type codes (http://hl7.org/fhir/issue-type) the endpoint answers with. */
export type IssueCode =
  | 'invalid'
  | 'structure'
  | 'required'
  | 'value'
  | 'code-invalid'
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'duplicate'
  | 'too-costly'
  | 'not-supported'
  | 'business-rule'
  | 'throttled'
  | 'transient'
  | 'exception'
  | 'processing'
  | 'extension';

export interface Issue {
  severity: 'fatal' | 'error' | 'warning' | 'information';
  code: IssueCode;
  diagnostics?: string;
  /** FHIRPath of the element the issue is about, e.g. `Claim.item[0].productOrService`. */
  expression?: string[];
}

/** A refusal the FHIR endpoint answers as an OperationOutcome with this status. */
export class FhirError extends Error {
  constructor(
    readonly status: number,
    readonly issues: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(issues.map((i) => i.diagnostics ?? i.code).join('; '));
  }
}

export const operationOutcome = (issues: Issue[]) => ({ resourceType: 'OperationOutcome' as const, issue: issues });

/** One error issue, optionally about one element. */
export const fhirError = (status: number, code: IssueCode, diagnostics: string, expression?: string) =>
  new FhirError(status, [{ severity: 'error', code, diagnostics, ...(expression ? { expression: [expression] } : {}) }]);

const CODE_OF_STATUS: Record<number, IssueCode> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  410: 'not-found',
  413: 'too-costly',
  415: 'not-supported',
  422: 'business-rule',
  428: 'conflict',
  429: 'throttled',
  503: 'transient',
};

const CODE_OF_KEYWORD: Record<string, IssueCode> = { required: 'required', enum: 'code-invalid', const: 'code-invalid', additionalProperties: 'structure', type: 'structure' };

/**
 * A contract path (`body/item/0/productOrService`) as the FHIRPath of the element in the sent resource
 * (`Claim.item[0].productOrService`); a query or path parameter has no element and gets none.
 */
export function fhirPathOf(path: string, resourceType: string): string | undefined {
  const [where, ...parts] = path.split('/');
  if (where !== 'body') return undefined;
  let out = resourceType;
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  return out;
}

/** An unknown search parameter is not supported; a malformed parameter is invalid; a body's error says what kind it is. */
function issueCodeOf(error: { path: string; keyword: string }): IssueCode {
  if (error.path.startsWith('query/') && error.keyword === 'additionalProperties') return 'not-supported';
  if (!error.path.startsWith('body')) return 'invalid';
  return CODE_OF_KEYWORD[error.keyword] ?? 'invalid';
}

/** The panel's problem (from the contract's validation, a domain rule, the database) as an OperationOutcome. */
export function fromProblem(problem: HttpProblem, resourceType: string): FhirError {
  const code = CODE_OF_STATUS[problem.status] ?? 'processing';
  const issues: Issue[] = problem.errors?.length
    ? problem.errors.map((error) => {
        const expression = fhirPathOf(error.path, resourceType);
        return {
          severity: 'error',
          code: problem.status === 400 ? issueCodeOf(error) : code,
          diagnostics: `${problem.code}: ${error.path.replace(/^(query|path)\//, '$1 parameter ')} ${error.keyword}`,
          ...(expression ? { expression: [expression] } : {}),
        };
      })
    : [{ severity: 'error', code, diagnostics: `${problem.code}: ${problem.detail}` }];
  return new FhirError(problem.status, issues, problem.headers);
}
