import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { doctorNamesQuery, doctorQuery, doctors, doctorSearchQuery, orthodontistsQuery } from '../../src/api/resources/doctors.ts';
import { allInsurersQuery, insurerChoicesQuery, insurerQuery, insurers } from '../../src/api/resources/insurers.ts';
import { patientOverviewQuery, patients, patientSearchQuery } from '../../src/api/resources/patients.ts';
import { policies, policySearchQuery, policySummaryQuery } from '../../src/api/resources/policies.ts';
import { readyVerifications, verificationQuery, verifications, verifiedSearchQuery } from '../../src/api/resources/verifications.ts';
import { userChoicesQuery, users } from '../../src/api/resources/users.ts';
import { workflowHistoryQuery } from '../../src/api/resources/workflow-history.ts';

// One server resource, one client cache (issue 23): every screen's copy of a resource is kept under that resource's
// prefix, so the invalidation its writes do (the prefix) reaches them all. Each case seeds the cache with the keys
// the screens use, invalidates the resource's prefix as its writes do, and expects every copy marked stale.

function invalidatedBy(prefix: QueryKey, keys: QueryKey[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { seeded: true });
  void client.invalidateQueries({ queryKey: prefix, refetchType: 'none' });
  return keys.map((key) => client.getQueryState(key)?.isInvalidated);
}

describe('every copy of a resource is under its prefix', () => {
  it("a doctor: the claim form's chosen doctor and its picker, a verification's doctor names, a plan's orthodontists, Doctores' list", () => {
    const keys = [doctorQuery(7).queryKey, doctorSearchQuery('', { active: true }).queryKey, doctorNamesQuery('').queryKey, orthodontistsQuery().queryKey, doctors.listQuery({ page: 1 }).queryKey];
    expect(invalidatedBy(doctors.keys.all, keys)).toEqual(keys.map(() => true));
    // The form's own record and the Doctores screen read the same entry.
    expect(doctorQuery(7).queryKey).toEqual(doctors.oneQuery(7).queryKey);
  });

  it("an insurer: a claim's insurer, the pickers' choices, the insurers' list", () => {
    const keys = [insurerQuery(3).queryKey, insurerChoicesQuery().queryKey, allInsurersQuery().queryKey, insurers.listQuery({ page: 2 }).queryKey];
    expect(invalidatedBy(insurers.keys.all, keys)).toEqual(keys.map(() => true));
  });

  it('a verification: the ready-for-a-claim list, a plan proposal, the preauthorization finder, its history', () => {
    const keys = [readyVerifications.listQuery({ page: 1 }).queryKey, verificationQuery(5).queryKey, verifiedSearchQuery('VER').queryKey, workflowHistoryQuery('verification', 5).queryKey];
    expect(invalidatedBy(verifications.keys.all, keys)).toEqual(keys.map(() => true));
    // The ready list names the filter it sends: it is not the unfiltered list's page.
    expect(readyVerifications.listQuery({ page: 1 }).queryKey).not.toEqual(verifications.listQuery({ page: 1 }).queryKey);
  });

  it("a patient, a policy, a user: the verification flow's search and overview, enrolment's policy summaries, the assignee choices", () => {
    expect(invalidatedBy(patients.keys.all, [patientSearchQuery('Lu').queryKey, patientOverviewQuery(9).queryKey])).toEqual([true, true]);
    expect(invalidatedBy(policies.keys.all, [policySummaryQuery(4).queryKey, policySearchQuery('POL').queryKey])).toEqual([true, true]);
    expect(invalidatedBy(users.keys.all, [userChoicesQuery({ role: 'verifier', status: 'active' }).queryKey])).toEqual([true]);
  });

  it("another resource's write leaves them alone", () => {
    expect(invalidatedBy(insurers.keys.all, [doctorQuery(7).queryKey, verificationQuery(5).queryKey])).toEqual([false, false]);
  });
});
