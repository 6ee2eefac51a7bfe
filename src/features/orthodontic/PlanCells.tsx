import { Badge } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { money } from '../../components/format/money.ts';
import type { OrthodonticInstallmentState } from '@core/workflows/orthodontic-installment.machine.ts';
import type { OrthodonticPlanState } from '@core/workflows/orthodontic-plan.machine.ts';

const PLAN_PALETTE: Record<OrthodonticPlanState, string> = {
  proposed: 'gray',
  approved: 'blue',
  active: 'green',
  suspended: 'orange',
  exhausted: 'purple',
  completed: 'teal',
  cancelled: 'red',
};

const INSTALLMENT_PALETTE: Record<OrthodonticInstallmentState, string> = {
  scheduled: 'gray',
  claimable: 'blue',
  claimed: 'orange',
  paid: 'green',
  rejected: 'red',
  skipped: 'purple',
  cancelled: 'red',
};

/** The plan's state by its statechart label (the catalogs' `machine.orthodonticPlan.state.*`). */
export const PlanStateBadge = ({ state }: { state: string }) => (
  <Badge colorPalette={PLAN_PALETTE[state as OrthodonticPlanState] ?? 'gray'} variant="subtle" data-state={state}>
    <FormattedMessage id={`machine.orthodonticPlan.state.${state}`} />
  </Badge>
);

export const InstallmentStateBadge = ({ state }: { state: string }) => (
  <Badge colorPalette={INSTALLMENT_PALETTE[state as OrthodonticInstallmentState] ?? 'gray'} variant="subtle" data-state={state}>
    <FormattedMessage id={`machine.orthodonticInstallment.state.${state}`} />
  </Badge>
);

/** An amount in the currency's minor unit, isolated so its sign keeps its place in right-to-left pages. */
export function Money({ cents, currency }: { cents: number; currency: string }) {
  const intl = useIntl();
  return <bdi>{money(intl, cents, currency)}</bdi>;
}

/** A `YYYY-MM-DD` day in the user's language. */
export function Day({ value }: { value: string | null | undefined }) {
  const intl = useIntl();
  return value ? <bdi>{intl.formatDate(`${value}T00:00:00`, { dateStyle: 'medium' })}</bdi> : <span aria-hidden>—</span>;
}

/** A treatment code, its name on hover and for screen readers (the list keeps its columns narrow). */
export function TreatmentCode({ code }: { code: string }) {
  const intl = useIntl();
  return (
    <abbr title={intl.formatMessage({ id: `orthodonticPlans.treatment.${code}` })}>
      <bdi>{code}</bdi>
    </abbr>
  );
}
