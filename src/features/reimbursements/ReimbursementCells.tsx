import { Badge, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { money } from '../../components/format/money.ts';
import type { Reimbursement } from '../../api/resources/reimbursements.ts';

const PALETTE: Record<Reimbursement['state'], string> = {
  draft: 'gray',
  submitted: 'blue',
  inReview: 'blue',
  needsDocuments: 'orange',
  approved: 'green',
  partiallyApproved: 'teal',
  rejected: 'red',
  paid: 'purple',
  cancelled: 'gray',
};

/** The state's label is the statechart's own (machine.reimbursement.state.*), as Diagramas shows it. */
export const ReimbursementStateBadge = ({ state }: { state: Reimbursement['state'] }) => (
  <Badge colorPalette={PALETTE[state]} variant="subtle" data-reimbursement-state={state}>
    <FormattedMessage id={`machine.reimbursement.state.${state}`} />
  </Badge>
);

export function Money({ cents, currency }: { cents: number; currency: string }) {
  const intl = useIntl();
  return <bdi>{money(intl, cents, currency)}</bdi>;
}

/** A `YYYY-MM-DD` day in the user's language (read as that day wherever the browser is). */
export const day = (intl: IntlShape, value: string) => intl.formatDate(`${value}T00:00:00`, { dateStyle: 'medium' });

const DAY_MS = 86_400_000;
/** Whole days from today to a date (or a timestamp's day), in the browser's calendar: negative for a past day. */
export function daysFromToday(value: string, today = new Date()) {
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${value.slice(0, 10)}T00:00:00Z`) - todayUtc) / DAY_MS);
}

/** How long the claim has waited since it was submitted (or created, for a draft). */
export function Ageing({ reimbursement }: { reimbursement: Reimbursement }) {
  const days = Math.max(0, -daysFromToday(reimbursement.submittedOn ?? reimbursement.createdAt));
  return <FormattedMessage id="reimbursements.ageDays" values={{ days }} />;
}

export function Day({ value }: { value: string }) {
  const intl = useIntl();
  return <bdi>{day(intl, value)}</bdi>;
}

/** Who works the claim now, or that nobody has taken it yet. */
export function Assignee({ name }: { name: string | null }) {
  return name ? (
    <bdi>{name}</bdi>
  ) : (
    <Text as="span" color="fg.muted">
      <FormattedMessage id="reimbursements.assigned.unassigned" />
    </Text>
  );
}
