import { Badge, Wrap } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Doctor, DoctorState } from './api.ts';

const PALETTE: Record<DoctorState, string> = { ACTIVE: 'green', INACTIVE: 'gray', SUSPENDED: 'red' };

/** Last names first, as staff file and look doctors up. */
export const doctorName = (doctor: Pick<Doctor, 'firstNames' | 'lastNames'>) => `${doctor.lastNames}, ${doctor.firstNames}`;

export const StateBadge = ({ state }: { state: DoctorState }) => (
  <Badge colorPalette={PALETTE[state]} variant="subtle" data-state={state}>
    <FormattedMessage id={`doctors.state.${state}`} />
  </Badge>
);

/** The main specialty, then the others, by their names. */
export function Specialties({ doctor }: { doctor: Doctor }) {
  const intl = useIntl();
  const name = (code: string) => intl.formatMessage({ id: `doctors.specialty.${code}` });
  return (
    <bdi>
      {name(doctor.specialty)}
      {doctor.otherSpecialties.length > 0 && ` (${intl.formatList(doctor.otherSpecialties.map(name))})`}
    </bdi>
  );
}

/** The insurers the doctor has agreements with, each with its end date when it has one. */
export function AgreementNames({ doctor }: { doctor: Doctor }) {
  const intl = useIntl();
  if (!doctor.agreements.length) return null;
  return (
    <Wrap gap="1">
      {doctor.agreements.map((agreement) => (
        <Badge key={agreement.id} variant="outline">
          <bdi>
            {agreement.insurerName}
            {agreement.validTo && ` · ${intl.formatMessage({ id: 'doctors.agreements.until' }, { date: intl.formatDate(`${agreement.validTo}T00:00:00`, { dateStyle: 'medium' }) })}`}
          </bdi>
        </Badge>
      ))}
    </Wrap>
  );
}
