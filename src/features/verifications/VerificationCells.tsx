import { Badge, HStack } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Verification } from '../../api/resources/verifications.ts';

const PALETTE: Record<Verification['state'], string> = {
  pending: 'gray',
  inProgress: 'blue',
  needsInfo: 'orange',
  verified: 'green',
  notEligible: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

/** The state's label is the statechart's own (machine.verification.state.*), as Diagramas shows it. */
export const VerificationStateBadge = ({ state }: { state: Verification['state'] }) => (
  <Badge colorPalette={PALETTE[state]} variant="subtle" data-state={state}>
    <FormattedMessage id={`machine.verification.state.${state}`} />
  </Badge>
);

const DAY_MS = 86_400_000;
/** Whole days from the browser's today to a day (negative: past). */
export function daysFromToday(value: string, today = new Date()) {
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${value.slice(0, 10)}T00:00:00Z`) - todayUtc) / DAY_MS);
}

export function Day({ value }: { value: string }) {
  const intl = useIntl();
  return <bdi>{intl.formatDate(`${value.slice(0, 10)}T00:00:00`, { dateStyle: 'medium' })}</bdi>;
}

/** The planned service date, flagged when it has passed while the verification is still open. */
export function ServiceDate({ verification }: { verification: Verification }) {
  const open = ['pending', 'inProgress', 'needsInfo'].includes(verification.state);
  const past = open && daysFromToday(verification.plannedServiceDate) < 0;
  return (
    <HStack gap="2" wrap="wrap">
      <Day value={verification.plannedServiceDate} />
      {past && (
        <Badge colorPalette="red" variant="outline">
          <FormattedMessage id="verifications.pastDue" />
        </Badge>
      )}
    </HStack>
  );
}

/** How long the verification has waited since it was opened. */
export const Age = ({ verification }: { verification: Verification }) => (
  <FormattedMessage id="verifications.ageDays" values={{ days: Math.max(0, -daysFromToday(verification.createdAt)) }} />
);

export const KindText = ({ verification }: { verification: Verification }) => (
  <span>
    <FormattedMessage id={`verifications.kind.${verification.kind}`} /> · <FormattedMessage id={`verifications.category.${verification.category}`} />
  </span>
);

/** The days of validity a verified verification has left (the server counts them on its own calendar). */
export function ValidityLeft({ verification }: { verification: Verification }) {
  if (verification.validDaysLeft === null || verification.validDaysLeft === undefined) return <span aria-hidden>—</span>;
  const days = verification.validDaysLeft;
  return (
    <Badge colorPalette={days === 0 ? 'gray' : days <= 7 ? 'orange' : 'green'} variant="subtle">
      <FormattedMessage id="verifications.validDaysLeft" values={{ days }} />
    </Badge>
  );
}
