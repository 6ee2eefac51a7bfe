import { Badge, Wrap } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Doctor, DoctorState } from '../../api/resources/doctors.ts';

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

/** The insurers the doctor has an agreement with today or from a later day (ended ones are history), by name. */
export function AgreementNames({ doctor }: { doctor: Doctor }) {
  const today = new Date().toLocaleDateString('en-CA');
  const running = doctor.agreements.filter((agreement) => !agreement.validTo || agreement.validTo >= today);
  if (!running.length) return null;
  return (
    <Wrap gap="1">
      {running.map((agreement) => (
        <Badge key={agreement.id} variant="outline">
          <bdi>{agreement.insurerName}</bdi>
        </Badge>
      ))}
    </Wrap>
  );
}
