import type { ReactNode } from 'react';
import { DataList, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Plan } from '../../api/resources/orthodontic-plans.ts';
import { Day, Money } from './PlanCells.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

const linkStyle = { color: { base: 'blue.700', _dark: 'blue.300' }, textDecoration: 'underline' } as const;

/** Who and what the plan is, and its money against the patient's orthodontic lifetime maximum. */
export function PlanFigures({ plan }: { plan: Plan }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const m = (cents: number) => <Money cents={cents} currency={plan.currency} />;
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      <Item label={t('orthodonticPlans.field.patientName')}>
        <ChakraLink asChild {...linkStyle}>
          <Link href={`/pacientes/ver/${plan.patientId}`}>
            <bdi>{plan.patientName}</bdi>
          </Link>
        </ChakraLink>
      </Item>
      <Item label={t('orthodonticPlans.field.preauthorizationFolio')}>
        <ChakraLink asChild {...linkStyle}>
          <Link href={`/verificaciones/editar/${plan.preauthorizationId}`}>
            <bdi>{`${plan.preauthorizationFolio}${plan.authorizationNumber ? ` · ${plan.authorizationNumber}` : ''}`}</bdi>
          </Link>
        </ChakraLink>
      </Item>
      <Item label={t('orthodonticPlans.field.doctorName')}>
        <bdi>{plan.doctorName}</bdi>
      </Item>
      <Item label={t('orthodonticPlans.field.insurerName')}>
        <bdi>{`${plan.insurerName} · ${plan.currency}`}</bdi>
      </Item>
      <Item label={t('orthodonticPlans.field.treatmentCode')}>
        <bdi>{`${plan.treatmentCode} · ${t(`orthodonticPlans.treatment.${plan.treatmentCode}`)}`}</bdi>
      </Item>
      <Item label={t('orthodonticPlans.field.fee', { currency: plan.currency })}>{m(plan.feeCents)}</Item>
      <Item label={t('orthodonticPlans.field.terms')}>
        <bdi>
          {t('orthodonticPlans.termsLine', {
            months: plan.months,
            initial: plan.initialPercent,
            frequency: t(`orthodonticPlans.frequency.${plan.frequency}`),
            delay: plan.firstDelayDays,
          })}
        </bdi>
      </Item>
      <Item label={t('orthodonticPlans.field.coveragePercent')}>
        <bdi>{intl.formatNumber(plan.coveragePercent / 100, { style: 'percent' })}</bdi>
      </Item>
      <Item label={t('orthodonticPlans.field.lifetimeMaximumCents')}>{m(plan.lifetimeMaximumCents)}</Item>
      <Item label={t('orthodonticPlans.field.lifetimeRemainingCents')}>{m(plan.lifetimeRemainingCents)}</Item>
      <Item label={t('orthodonticPlans.field.estimatedBenefitCents')}>{m(plan.estimatedBenefitCents)}</Item>
      <Item label={t('orthodonticPlans.field.paidBenefitCents')}>
        <span data-testid="paid-benefit">{m(plan.paidBenefitCents)}</span>
      </Item>
      <Item label={t('orthodonticPlans.field.bandingDate')}>
        <Day value={plan.bandingDate} />
      </Item>
      {plan.debondDate && (
        <Item label={t('orthodonticPlans.field.debondDate')}>
          <Day value={plan.debondDate} />
        </Item>
      )}
      {plan.reason && (
        <Item label={t('orthodonticPlans.field.reason')}>
          <Text as="span" dir="auto">
            {plan.reason}
          </Text>
        </Item>
      )}
    </DataList.Root>
  );
}
