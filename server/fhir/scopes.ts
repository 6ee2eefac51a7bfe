import type { components } from '../../openapi/schema';

export type SmartScope = components['schemas']['SmartScope'];

/**
 * The one table of what each SMART v2 system scope grants: the existing permission a staff member would need for
 * the same read or write. A client's actor holds the permissions of the scopes its token carries, nothing else.
 */
export const SCOPE_PERMISSIONS: Record<SmartScope, string> = {
  'system/Patient.r': 'patients:read',
  'system/Patient.s': 'patients:read',
  'system/Coverage.r': 'policies:read',
  'system/Coverage.s': 'policies:read',
  'system/CoverageEligibilityRequest.c': 'verifications:create',
  'system/CoverageEligibilityResponse.r': 'verifications:read',
  'system/Claim.c': 'reimbursements:create',
  'system/Claim.r': 'reimbursements:read',
  'system/Claim.s': 'reimbursements:read',
  'system/ClaimResponse.r': 'reimbursements:read',
  'system/ClaimResponse.s': 'reimbursements:read',
  'system/ExplanationOfBenefit.r': 'reimbursements:read',
  'system/ExplanationOfBenefit.s': 'reimbursements:read',
  'system/PaymentReconciliation.r': 'payments:read',
  'system/PaymentReconciliation.s': 'payments:read',
};

export const isSmartScope = (scope: string): scope is SmartScope => Object.hasOwn(SCOPE_PERMISSIONS, scope);

/** The permissions a token with these scopes acts with. */
export const permissionsOfScopes = (scopes: readonly string[]): string[] =>
  [...new Set(scopes.filter(isSmartScope).map((scope) => SCOPE_PERMISSIONS[scope]))].sort();

/**
 * SMART v2 lets a client ask `system/Patient.rs` for read and search together: the asked scopes split into the
 * single-letter scopes the endpoint grants. Answers null when one asked scope is not of that form.
 */
export function expandScopes(asked: string): SmartScope[] | null {
  const out = new Set<SmartScope>();
  for (const word of asked.split(' ').filter(Boolean)) {
    const match = /^system\/([A-Z][A-Za-z]+)\.([cruds]+)$/.exec(word);
    if (!match) return null;
    for (const letter of match[2]) {
      const scope = `system/${match[1]}.${letter}`;
      if (!isSmartScope(scope)) return null;
      out.add(scope);
    }
  }
  return [...out];
}
