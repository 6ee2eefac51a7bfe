import type { components } from '../../../openapi/schema';
import type { PatientDetails } from '@core/workflows/patient-coverage.machine.ts';
import type { PatientColumns, PatientRow } from './repository.ts';

export type PatientFields = components['schemas']['PatientFields'];

/** API field → column, of every field a client writes on a patient. */
export const PATIENT_COLUMNS = {
  relationship: 'relationship',
  firstNames: 'first_names',
  lastName: 'last_name',
  secondLastName: 'second_last_name',
  documentType: 'document_type',
  documentNumber: 'document_number',
  birthDate: 'birth_date',
  sex: 'sex',
  email: 'email',
  phone: 'phone',
  credentialNumber: 'credential_number',
  enrolledOn: 'enrolled_on',
  priorCoverageMonths: 'prior_coverage_months',
  priorOrthodonticCoverageMonths: 'prior_orthodontic_coverage_months',
  isStudent: 'is_student',
  studentUntil: 'student_until',
  otherCoverageInsurer: 'other_coverage_insurer',
  otherCoverageNumber: 'other_coverage_number',
  coverageOrder: 'coverage_order',
} as const satisfies Record<keyof PatientFields, string>;

type Field = keyof typeof PATIENT_COLUMNS;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

/** The body's fields as they are stored: trimmed, blanks as null, documents in capitals (compared as such). */
export function normalized(body: PatientFields): PatientFields {
  const values = Object.fromEntries(Object.keys(PATIENT_COLUMNS).map((field) => [field, text(body[field as Field])])) as Record<Field, unknown>;
  values.documentNumber = typeof values.documentNumber === 'string' ? values.documentNumber.toUpperCase() : null;
  values.isStudent = body.isStudent ?? false;
  values.priorCoverageMonths = body.priorCoverageMonths ?? 0;
  values.priorOrthodonticCoverageMonths = body.priorOrthodonticCoverageMonths ?? 0;
  // Without other coverage there is no order between coverages.
  if (!values.otherCoverageInsurer) values.coverageOrder = null;
  if (!values.isStudent) values.studentUntil = null;
  return values as PatientFields;
}

export const columnsOf = (values: PatientFields): PatientColumns =>
  Object.fromEntries(Object.entries(PATIENT_COLUMNS).map(([field, column]) => [column, values[field as Field] ?? null])) as PatientColumns;

/** The stored patient under its API field names (what an amendment is compared with). */
export const fieldsOf = (row: PatientRow): PatientFields => ({
  relationship: row.relationship,
  firstNames: row.first_names,
  lastName: row.last_name,
  secondLastName: row.second_last_name,
  documentType: row.document_type as PatientFields['documentType'],
  documentNumber: row.document_number,
  birthDate: row.birth_date,
  sex: row.sex as PatientFields['sex'],
  email: row.email,
  phone: row.phone,
  credentialNumber: row.credential_number,
  enrolledOn: row.enrolled_on,
  priorCoverageMonths: row.prior_coverage_months,
  priorOrthodonticCoverageMonths: row.prior_orthodontic_coverage_months,
  isStudent: row.is_student,
  studentUntil: row.student_until,
  otherCoverageInsurer: row.other_coverage_insurer,
  otherCoverageNumber: row.other_coverage_number,
  coverageOrder: row.coverage_order as PatientFields['coverageOrder'],
});

/** What the enrolment rules read of the fields. */
export const detailsOf = (values: PatientFields, confirmDuplicate: boolean): PatientDetails => ({
  relationship: values.relationship,
  birthDate: values.birthDate,
  enrolledOn: values.enrolledOn,
  documentType: values.documentType ?? null,
  documentNumber: values.documentNumber ?? null,
  isStudent: values.isStudent ?? false,
  studentUntil: values.studentUntil ?? null,
  confirmDuplicate,
});
