import { and, setup } from 'xstate';
import { ageOn } from '../benefits/dates.ts';
import { isBlank, isOnOrBefore, type GuardRules, type WorkflowContext, type WorkflowInput, type WorkflowStateMeta } from './workflow.ts';

/**
 * A patient's coverage on a policy (research §2.4, R16, R17): enrolled when the enrolment rules allow it,
 * amended under the same rules, suspended and resumed with dates, and ended (baja) with its last day.
 */

export type Relationship = 'HOLDER' | 'SPOUSE' | 'PARTNER' | 'CHILD' | 'DISABLED_DEPENDENT' | 'OTHER_DEPENDENT';

/** Age limits of R16 (Configuraciones keeps them): a child up to `child`, up to `student` while a student; a spouse or partner from `adult`. */
export interface DependentAges {
  child: number;
  student: number;
  adult: number;
}

/** What the server reads from the database (and the clock) before checking an event. */
export interface PatientCoverageFacts {
  /** ISO date `YYYY-MM-DD`. */
  today: string;
  policyState: string;
  policyStartsOn: string;
  policyEndsOn: string;
  maxBeneficiaries: number;
  /** Patients of the policy still covered (active or suspended), this one left out. */
  otherBeneficiaries: number;
  /** Another patient of the policy is its covered holder. */
  otherHolder: boolean;
  /** The policyholder's own document, which the holder-patient must carry. */
  holderDocument: { type: string; number: string } | null;
  /** Another covered patient of this policy has the document the event carries. */
  documentInPolicy: boolean;
  /** A covered patient of another policy has the document the event carries. */
  documentElsewhere: boolean;
  /** This patient's enrolment date (once enrolled). */
  enrolledOn: string;
  /** The day the current suspension began. */
  suspendedOn: string | null;
  relationship: Relationship;
  /** Other covered patients of the policy besides this one (a holder cannot leave them without a holder). */
  coveredDependents: number;
  ages: DependentAges;
}

/** The patient as an enrolment or an amendment would leave it: what the enrolment rules read. */
export type PatientDetails = {
  relationship: Relationship;
  birthDate: string;
  enrolledOn: string;
  documentType: string | null;
  documentNumber: string | null;
  isStudent: boolean;
  studentUntil: string | null;
  /** The user saw the same person on another policy and enrols them all the same. */
  confirmDuplicate: boolean;
};

export type PatientCoverageEvent =
  | ({ type: 'ENROL' } & PatientDetails)
  | ({ type: 'AMEND' } & PatientDetails)
  | { type: 'SUSPEND'; date: string; reason: string }
  | { type: 'RESUME'; date: string }
  | { type: 'END_COVERAGE'; date: string; reason: string };

export const PATIENT_COVERAGE_STATES = ['enrolling', 'active', 'suspended', 'left'] as const;
export type PatientCoverageState = (typeof PATIENT_COVERAGE_STATES)[number];

type Facts = { context: WorkflowContext<PatientCoverageFacts> };
type GuardArgs = Facts & { event: PatientCoverageEvent };

export const patientCoverageGuardRules = {
  policyTakesPatients: { rule: 'patientCoverage.policyNotOpen' },
  enrolmentWithinValidity: { rule: 'patientCoverage.enrolmentOutsideValidity' },
  bornByEnrolment: { rule: 'patientCoverage.birthAfterEnrolment' },
  singleHolder: { rule: 'patientCoverage.holderExists' },
  holderEnrolledFirst: { rule: 'patientCoverage.holderMissing' },
  holderDocumentMatches: { rule: 'patientCoverage.holderDocumentMismatch' },
  beneficiaryPlaceLeft: { rule: 'patientCoverage.maxBeneficiariesReached' },
  childWithinAgeLimit: { rule: 'patientCoverage.childOverAge' },
  studentUntilGiven: { rule: 'patientCoverage.studentUntilRequired' },
  partnerIsAdult: { rule: 'patientCoverage.partnerUnderAge' },
  adultHasDocument: { rule: 'patientCoverage.documentRequired' },
  documentUniqueInPolicy: { rule: 'patientCoverage.documentInPolicy' },
  duplicateConfirmed: { rule: 'patientCoverage.duplicatePerson' },
  reasonGiven: { rule: 'patientCoverage.reasonRequired' },
  suspensionDateValid: { rule: 'patientCoverage.suspensionDateInvalid' },
  resumptionDateValid: { rule: 'patientCoverage.resumptionDateInvalid' },
  leavingDateValid: { rule: 'patientCoverage.leavingDateInvalid' },
  noDependentsLeftBehind: { rule: 'patientCoverage.dependentsStillCovered' },
} as const satisfies GuardRules;

export type PatientCoverageGuard = keyof typeof patientCoverageGuardRules;

const meta = (status: string, rules: string[] = []): WorkflowStateMeta => ({ status, rules });

const details = (event: PatientCoverageEvent): PatientDetails | null => (event.type === 'ENROL' || event.type === 'AMEND' ? event : null);
/** The event's patient fails the check only when it is an enrolment or amendment and the check says so. */
const detailsPass = (event: PatientCoverageEvent, check: (d: PatientDetails) => boolean) => {
  const d = details(event);
  return d !== null && check(d);
};
const ageAtEnrolment = (d: PatientDetails) => ageOn(d.birthDate, d.enrolledOn);

/** The enrolment rules, in the order a user fixes them: the policy, the dates, the family, the document. */
const patientRules = [
  'enrolmentWithinValidity',
  'bornByEnrolment',
  'singleHolder',
  'holderEnrolledFirst',
  'holderDocumentMatches',
  'childWithinAgeLimit',
  'studentUntilGiven',
  'partnerIsAdult',
  'adultHasDocument',
  'documentUniqueInPolicy',
  'duplicateConfirmed',
] as const;
const amend = { guard: and([...patientRules]), actions: 'recordDetails' } as const;
const endCoverage = { target: 'left', guard: and(['reasonGiven', 'leavingDateValid', 'noDependentsLeftBehind']), actions: 'recordLeaving' } as const;

export const patientCoverageMachine = setup({
  types: {
    context: {} as WorkflowContext<PatientCoverageFacts>,
    input: {} as WorkflowInput<PatientCoverageFacts>,
    events: {} as PatientCoverageEvent,
    meta: {} as WorkflowStateMeta,
  },
  guards: {
    policyTakesPatients: ({ context: { facts } }: Facts) => facts.policyState === 'PENDING' || facts.policyState === 'ACTIVE',
    enrolmentWithinValidity: ({ context: { facts }, event }: GuardArgs) =>
      detailsPass(event, (d) => isOnOrBefore(facts.policyStartsOn, d.enrolledOn) && isOnOrBefore(d.enrolledOn, facts.policyEndsOn)),
    bornByEnrolment: ({ context: { facts }, event }: GuardArgs) => detailsPass(event, (d) => isOnOrBefore(d.birthDate, d.enrolledOn) && isOnOrBefore(d.birthDate, facts.today)),
    singleHolder: ({ context: { facts }, event }: GuardArgs) => detailsPass(event, (d) => d.relationship !== 'HOLDER' || !facts.otherHolder),
    holderEnrolledFirst: ({ context: { facts }, event }: GuardArgs) => detailsPass(event, (d) => d.relationship === 'HOLDER' || facts.otherHolder),
    holderDocumentMatches: ({ context: { facts }, event }: GuardArgs) =>
      detailsPass(
        event,
        (d) => d.relationship !== 'HOLDER' || (facts.holderDocument !== null && d.documentType === facts.holderDocument.type && d.documentNumber?.toUpperCase() === facts.holderDocument.number.toUpperCase()),
      ),
    beneficiaryPlaceLeft: ({ context: { facts } }: Facts) => facts.otherBeneficiaries < facts.maxBeneficiaries,
    childWithinAgeLimit: ({ context: { facts }, event }: GuardArgs) =>
      detailsPass(event, (d) => d.relationship !== 'CHILD' || ageAtEnrolment(d) <= (d.isStudent ? facts.ages.student : facts.ages.child)),
    studentUntilGiven: ({ event }: GuardArgs) => detailsPass(event, (d) => !d.isStudent || (d.studentUntil !== null && isOnOrBefore(d.enrolledOn, d.studentUntil))),
    partnerIsAdult: ({ context: { facts }, event }: GuardArgs) =>
      detailsPass(event, (d) => (d.relationship !== 'SPOUSE' && d.relationship !== 'PARTNER') || ageAtEnrolment(d) >= facts.ages.adult),
    adultHasDocument: ({ context: { facts }, event }: GuardArgs) =>
      detailsPass(event, (d) => ageAtEnrolment(d) < facts.ages.adult || (!isBlank(d.documentType) && !isBlank(d.documentNumber))),
    // The two document facts are about the document the event carries: a patient enrolled without one (a young
    // child) is never found elsewhere, whatever the facts were read for.
    documentUniqueInPolicy: ({ context: { facts }, event }: GuardArgs) => detailsPass(event, (d) => isBlank(d.documentNumber) || !facts.documentInPolicy),
    duplicateConfirmed: ({ context: { facts }, event }: GuardArgs) => detailsPass(event, (d) => isBlank(d.documentNumber) || !facts.documentElsewhere || d.confirmDuplicate),
    reasonGiven: ({ event }: GuardArgs) => (event.type === 'SUSPEND' || event.type === 'END_COVERAGE') && !isBlank(event.reason),
    suspensionDateValid: ({ context: { facts }, event }: GuardArgs) =>
      event.type === 'SUSPEND' && isOnOrBefore(facts.enrolledOn, event.date) && isOnOrBefore(event.date, facts.today),
    resumptionDateValid: ({ context: { facts }, event }: GuardArgs) =>
      event.type === 'RESUME' && facts.suspendedOn !== null && isOnOrBefore(facts.suspendedOn, event.date) && isOnOrBefore(event.date, facts.today),
    leavingDateValid: ({ context: { facts }, event }: GuardArgs) => event.type === 'END_COVERAGE' && !isOnOrBefore(event.date, facts.enrolledOn),
    noDependentsLeftBehind: ({ context: { facts } }: Facts) => facts.relationship !== 'HOLDER' || facts.coveredDependents === 0,
  },
  actions: {
    /** Server: writes the amended details (the event's fields) on the patient. */
    recordDetails: () => {},
    /** Server: sets fecha_suspension = event.date and the reason. */
    recordSuspension: () => {},
    /** Server: clears the suspension (its dates stay in the history). */
    recordResumption: () => {},
    /** Server: sets fecha_baja = event.date (the last day covered) and the reason. */
    recordLeaving: () => {},
  },
}).createMachine({
  id: 'patientCoverage',
  initial: 'enrolling',
  context: ({ input }) => ({ facts: input.facts }),
  states: {
    enrolling: {
      meta: meta('ALTA', ['R16', 'R17']),
      on: {
        ENROL: { target: 'active', guard: and(['policyTakesPatients', 'beneficiaryPlaceLeft', ...patientRules]) },
      },
    },
    active: {
      meta: meta('ACTIVO', ['R16']),
      on: {
        AMEND: amend,
        SUSPEND: { target: 'suspended', guard: and(['reasonGiven', 'suspensionDateValid']), actions: 'recordSuspension' },
        END_COVERAGE: endCoverage,
      },
    },
    suspended: {
      meta: meta('SUSPENDIDO'),
      on: {
        AMEND: amend,
        RESUME: { target: 'active', guard: and(['policyTakesPatients', 'resumptionDateValid']), actions: 'recordResumption' },
        END_COVERAGE: endCoverage,
      },
    },
    left: { type: 'final', meta: meta('BAJA') },
  },
});
