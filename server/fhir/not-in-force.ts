import type { EnrolmentRow } from './enrolments.ts';
import type { EligibilityQuestion } from './eligibility.ts';

/**
 * The answer for a patient whose enrolment is not active (suspended, left): not in force, and why. The panel makes
 * no verification of such a patient (verification.patientInactive), so this answer is not stored and has no id —
 * the practice asks again if the enrolment is resumed. Every item is answered as not covered on that date.
 */
export function notInForceResponse(enrolment: EnrolmentRow, question: EligibilityQuestion, source: Record<string, unknown>, now: Date) {
  const identifier = Array.isArray(source.identifier) ? source.identifier[0] : undefined;
  const why = `The patient is ${enrolment.state.toLowerCase()} in policy ${enrolment.policy_number}${enrolment.left_on ? ` since ${enrolment.left_on}` : ''}.`;
  return {
    resourceType: 'CoverageEligibilityResponse',
    status: 'active',
    purpose: question.purposes.length ? question.purposes : ['validation'],
    patient: { reference: `Patient/${enrolment.id}` },
    servicedDate: question.date,
    created: now.toISOString(),
    request: identifier ? { identifier } : { display: 'CoverageEligibilityRequest' },
    outcome: 'complete',
    disposition: `Not in force on ${question.date}: ${why}`,
    insurer: { display: enrolment.insurer_name },
    insurance: [{ coverage: { reference: `Coverage/${enrolment.id}` }, inforce: false }],
    error: [{ code: { coding: [{ system: 'urn:dental-backoffice:rule', code: 'verification.patientInactive' }], text: why } }],
  };
}
