import { FIELD_SPECS, LIST_SPECS } from '../../../openapi/field-specs.ts';
import { fieldColumns, type ListColumn } from '../../components/list/columns.tsx';
import type { Doctor } from '../../api/resources/doctors.ts';
import { AgreementNames, doctorName, Specialties, StateBadge } from './DoctorCells.tsx';

/** What the contract says of a doctor's fields and of the doctors' list (sorts; specialty, network, state and insurer filters). */
export const DOCTOR_FIELDS = FIELD_SPECS.doctors;
export const DOCTOR_LIST = LIST_SPECS.doctors;

export const DOCTOR_COLUMNS: ListColumn<Doctor>[] = [
  { id: 'lastNames', labelId: 'doctors.column.name', sortable: true, primary: true, cell: (doctor) => <bdi>{doctorName(doctor)}</bdi> },
  {
    id: 'licenseNumber',
    labelId: 'doctors.column.license',
    sortable: true,
    primary: false,
    cell: (doctor) => <bdi>{`${doctor.licenseNumber} · ${doctor.licenseJurisdiction}`}</bdi>,
  },
  // Sorted by the main specialty, showing the others after it.
  { id: 'specialty', labelId: 'doctors.field.specialties', sortable: true, primary: false, cell: (doctor) => <Specialties doctor={doctor} /> },
  ...fieldColumns<Doctor>('doctors', DOCTOR_FIELDS, DOCTOR_LIST, [
    'inNetwork',
    { name: 'state', cell: (doctor) => <StateBadge state={doctor.state} /> },
    { name: 'agreements', cell: (doctor) => <AgreementNames doctor={doctor} /> },
    'updatedAt',
  ]).map((column) => ({ ...column, primary: false })),
];

/** The form's plain sections; specialties, agreements and the state have controls of their own. */
export const IDENTITY_FIELDS = ['firstNames', 'lastNames', 'documentType', 'documentNumber', 'taxId'] as const;
export const LICENSE_FIELDS = ['licenseNumber', 'licenseJurisdiction', 'licenseVerifiedOn', 'specialty'] as const;
export const CLINIC_FIELDS = ['clinicName', 'clinicPhone', 'clinicEmail', 'clinicCity', 'clinicAddress'] as const;
