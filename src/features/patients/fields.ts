import { FIELD_SPECS, LIST_SPECS } from '../../../openapi/field-specs.ts';
import type { FormLayout } from '../../components/edit/EditShell.tsx';
import type { ColumnDecl } from '../../components/list/columns.tsx';
import type { ListSpec } from '../../components/list/list-state.ts';
import type { Patient } from '../../api/resources/patients.ts';

/** What the contract says of a patient's fields. */
export const PATIENT_FIELDS = FIELD_SPECS.patients;

/** The list's sorts and filters; the policy is the route's (`/pacientes/:id`), not a filter of the toolbar. */
const { policyId: _byRoute, ...filters } = LIST_SPECS.patients.filters;
export const PATIENT_LIST: ListSpec = { ...LIST_SPECS.patients, filters };

export const PATIENT_COLUMNS: ColumnDecl<Patient>[] = ['name', 'relationship', 'documentNumber', 'policyNumber', 'birthDate', 'enrolledOn', 'state'];

export const PATIENT_FORM: FormLayout = [
  {
    titleId: 'patients.section.identity',
    fields: ['relationship', 'firstNames', 'lastName', 'secondLastName', 'documentType', 'documentNumber', 'birthDate', 'sex', 'credentialNumber'],
  },
  { titleId: 'patients.section.coverage', fields: ['enrolledOn', 'priorCoverageMonths', 'priorOrthodonticCoverageMonths', 'isStudent', 'studentUntil'] },
  { titleId: 'patients.section.otherCoverage', fields: ['otherCoverageInsurer', 'otherCoverageNumber', 'coverageOrder'] },
  { titleId: 'patients.section.contact', fields: ['email', { name: 'phone', widget: 'tel' }] },
];
