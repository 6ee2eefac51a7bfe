import { describe, expect, it } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import type { AnyStateMachine } from 'xstate';
import { PATIENT_COVERAGE_EVENTS as EVENTS, PATIENT_COVERAGE_FACTS as FACTS } from '@core/workflows/examples.ts';
import {
  PATIENT_COVERAGE_STATES,
  patientCoverageGuardRules,
  patientCoverageMachine as machine,
  type PatientCoverageEvent,
  type PatientCoverageFacts,
  type PatientCoverageState,
  type PatientDetails,
} from '@core/workflows/patient-coverage.machine.ts';
import { explainRefusal, lintWorkflow, snapshotAt, step } from '@core/workflows/workflow.ts';
import { untakenTransitions, type Scenario } from './workflow-model.ts';

const SCENARIOS: Scenario<PatientCoverageFacts>[] = [
  { name: 'a child of an open policy', facts: FACTS },
  { name: 'a persisted suspended patient', facts: FACTS, from: 'suspended' },
];

describe('patient coverage machine — model-based', () => {
  it('covers every transition of the machine', () => {
    expect(untakenTransitions(machine, { scenarios: SCENARIOS, events: EVENTS, states: PATIENT_COVERAGE_STATES, finals: ['left'] })).toEqual([]);
  });

  it('reaches every state from the enrolment', () => {
    const paths = getShortestPaths(machine as AnyStateMachine, { events: EVENTS, input: { facts: FACTS }, serializeState: (s) => JSON.stringify(s.value) });
    expect(paths.map((p) => p.state.value).sort()).toEqual([...PATIENT_COVERAGE_STATES].sort());
  });

  it('follows the house conventions: named guards and actions, rules, statuses, state list', () => {
    expect(lintWorkflow(machine, patientCoverageGuardRules, PATIENT_COVERAGE_STATES)).toEqual([]);
    for (const [name, action] of Object.entries(machine.implementations.actions)) expect((action as () => unknown)(), name).toBeUndefined();
    expect(machine.root.states.left!.meta).toMatchObject({ status: 'BAJA' });
  });
});

const CHILD: PatientDetails = {
  relationship: 'CHILD',
  birthDate: '2012-06-01',
  enrolledOn: '2025-02-01',
  documentType: 'DNI',
  documentNumber: '70000000Z',
  isStudent: false,
  studentUntil: null,
  confirmDuplicate: false,
};
const at = (value: PatientCoverageState, facts: Partial<PatientCoverageFacts> = {}) => snapshotAt(machine, value, { ...FACTS, ...facts });
const refusal = (event: PatientCoverageEvent, facts: Partial<PatientCoverageFacts> = {}, value: PatientCoverageState = 'enrolling') => explainRefusal(machine, at(value, facts), event, patientCoverageGuardRules);
const enrol = (details: Partial<PatientDetails>): PatientCoverageEvent => ({ type: 'ENROL', ...CHILD, ...details });

describe('patient coverage machine — enrolment rules at their boundaries', () => {
  it('covers a child up to 18 at enrolment, and up to 24 as a student until a given date', () => {
    // 18 years and 364 days on the enrolment date: still 18.
    expect(refusal(enrol({ birthDate: '2006-02-02' }))).toBeNull();
    expect(refusal(enrol({ birthDate: '2006-02-01' }))).toBe('patientCoverage.childOverAge');
    expect(refusal(enrol({ birthDate: '2006-02-01', isStudent: true }))).toBe('patientCoverage.studentUntilRequired');
    expect(refusal(enrol({ birthDate: '2006-02-01', isStudent: true, studentUntil: '2025-01-31' }))).toBe('patientCoverage.studentUntilRequired');
    expect(refusal(enrol({ birthDate: '2000-02-02', isStudent: true, studentUntil: '2025-02-01' }))).toBeNull();
    expect(refusal(enrol({ birthDate: '2000-02-01', isStudent: true, studentUntil: '2025-06-30' }))).toBe('patientCoverage.childOverAge');
  });

  it('keeps one holder per policy, enrolled first, with the policyholder document', () => {
    const holder = { relationship: 'HOLDER' as const, birthDate: '1983-09-20', documentType: 'DNI', documentNumber: '40000000x' };
    expect(refusal(enrol(holder))).toBe('patientCoverage.holderExists');
    expect(refusal(enrol(holder), { otherHolder: false })).toBeNull();
    expect(refusal(enrol({ ...holder, documentType: 'NIE' }), { otherHolder: false })).toBe('patientCoverage.holderDocumentMismatch');
    expect(refusal(enrol({ ...holder, documentNumber: null }), { otherHolder: false, holderDocument: null })).toBe('patientCoverage.holderDocumentMismatch');
    expect(refusal(enrol({}), { otherHolder: false })).toBe('patientCoverage.holderMissing');
  });

  it('takes patients while the policy is pending or active, within its validity and its maximum', () => {
    expect(refusal(enrol({}), { policyState: 'PENDING' })).toBeNull();
    for (const state of ['SUSPENDED', 'EXPIRED', 'CANCELLED']) expect(refusal(enrol({}), { policyState: state })).toBe('patientCoverage.policyNotOpen');
    expect(refusal(enrol({}), { otherBeneficiaries: 7 })).toBeNull();
    expect(refusal(enrol({}), { otherBeneficiaries: 8 })).toBe('patientCoverage.maxBeneficiariesReached');
    expect(refusal(enrol({ enrolledOn: '2025-01-01' }))).toBeNull();
    expect(refusal(enrol({ enrolledOn: '2025-12-31' }))).toBeNull();
    expect(refusal(enrol({ enrolledOn: '2026-01-01' }))).toBe('patientCoverage.enrolmentOutsideValidity');
    expect(refusal(enrol({ birthDate: '2025-02-02' }))).toBe('patientCoverage.birthAfterEnrolment');
  });

  it('asks adults for a document, partners to be adults, and flags the same document', () => {
    expect(refusal(enrol({ relationship: 'SPOUSE', birthDate: '2007-02-01' }))).toBeNull();
    expect(refusal(enrol({ relationship: 'PARTNER', birthDate: '2007-02-02' }))).toBe('patientCoverage.partnerUnderAge');
    expect(refusal(enrol({ relationship: 'SPOUSE', birthDate: '1990-01-01', documentNumber: ' ' }))).toBe('patientCoverage.documentRequired');
    expect(refusal(enrol({ birthDate: '2015-01-01', documentType: null, documentNumber: null }))).toBeNull();
    expect(refusal(enrol({}), { documentInPolicy: true })).toBe('patientCoverage.documentInPolicy');
    expect(refusal(enrol({}), { documentElsewhere: true })).toBe('patientCoverage.duplicatePerson');
    expect(refusal(enrol({ confirmDuplicate: true }), { documentElsewhere: true })).toBeNull();
    // The server reads both facts for the document the event carries: without one, nobody carries it.
    for (const documentNumber of [null, ' ']) {
      expect(refusal(enrol({ birthDate: '2015-01-01', documentNumber }), { documentInPolicy: true })).toBeNull();
      expect(refusal(enrol({ birthDate: '2015-01-01', documentNumber }), { documentElsewhere: true })).toBeNull();
    }
  });

  it('amends under the same rules except the policy state and the maximum', () => {
    const amend = { ...enrol({}), type: 'AMEND' } as PatientCoverageEvent;
    expect(step(machine, at('active', { policyState: 'EXPIRED', otherBeneficiaries: 8 }), amend, patientCoverageGuardRules)).toEqual({ ok: true, value: 'active', effects: [{ type: 'recordDetails', params: undefined }] });
    expect(refusal({ ...amend, birthDate: '2006-02-01' } as PatientCoverageEvent, {}, 'suspended')).toBe('patientCoverage.childOverAge');
  });
});

describe('patient coverage machine — suspension, resumption and end of coverage', () => {
  it('suspends from a date between enrolment and today, with a reason', () => {
    expect(step(machine, at('active'), { type: 'SUSPEND', date: '2025-06-01', reason: 'Impago' }, patientCoverageGuardRules)).toMatchObject({ ok: true, value: 'suspended' });
    expect(refusal({ type: 'SUSPEND', date: '2025-06-02', reason: 'Impago' }, {}, 'active')).toBe('patientCoverage.suspensionDateInvalid');
    expect(refusal({ type: 'SUSPEND', date: '2025-01-31', reason: 'Impago' }, {}, 'active')).toBe('patientCoverage.suspensionDateInvalid');
    expect(refusal({ type: 'SUSPEND', date: '2025-05-01', reason: '' }, {}, 'active')).toBe('patientCoverage.reasonRequired');
  });

  it('resumes from the suspension day on, while the policy is open', () => {
    expect(step(machine, at('suspended'), { type: 'RESUME', date: '2025-05-01' }, patientCoverageGuardRules)).toMatchObject({ ok: true, value: 'active' });
    expect(refusal({ type: 'RESUME', date: '2025-04-30' }, {}, 'suspended')).toBe('patientCoverage.resumptionDateInvalid');
    expect(refusal({ type: 'RESUME', date: '2025-05-02' }, { policyState: 'CANCELLED' }, 'suspended')).toBe('patientCoverage.policyNotOpen');
  });

  it('ends coverage after the enrolment day, and the holder only once alone', () => {
    const end = (date: string): PatientCoverageEvent => ({ type: 'END_COVERAGE', date, reason: 'Baja voluntaria' });
    expect(step(machine, at('suspended'), end('2025-02-02'), patientCoverageGuardRules)).toEqual({ ok: true, value: 'left', effects: [{ type: 'recordLeaving', params: undefined }] });
    expect(refusal(end('2025-02-01'), {}, 'active')).toBe('patientCoverage.leavingDateInvalid');
    expect(refusal(end('2025-06-30'), { relationship: 'HOLDER', coveredDependents: 1 }, 'active')).toBe('patientCoverage.dependentsStillCovered');
    expect(refusal(end('2025-06-30'), { relationship: 'HOLDER', coveredDependents: 0 }, 'active')).toBeNull();
    expect(refusal({ type: 'RESUME', date: '2025-06-01' }, {}, 'left')).toBe('workflow.illegalEvent');
  });
});
