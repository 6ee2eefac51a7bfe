import { Badge, HStack, List, Stack, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useIntl } from 'react-intl';
import { money } from '../../components/format/money.ts';
import { ageOn } from '@core/benefits/dates.ts';
import type { CoverageFacts } from '../../machines/verification-flow.machine.ts';

interface Props {
  facts: CoverageFacts;
  /** `YYYY-MM-DD`: the planned service date the facts are judged on. */
  serviceDate: string;
  category: 'GENERAL' | 'ORTHODONTIC';
}

/**
 * What the verification will be checked against, each fact judged on the planned service date: the policy in
 * force then, the waiting periods still running, the year's maximum left and, for orthodontics, the patient's age
 * against the age limit and the lifetime left — the facts the statechart's guards read when the result is recorded.
 */
export function CoverageChecks({ facts, serviceDate, category }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const day = (value: string) => intl.formatDate(`${value}T00:00:00`, { dateStyle: 'medium' });
  const inForce = facts.activeToday && (facts.policyEndsOn === null || serviceDate <= facts.policyEndsOn);
  const waiting = facts.waitingPeriods.filter((w) => (category === 'ORTHODONTIC' ? w.category === 'ORTHODONTIC' : w.category !== 'ORTHODONTIC') && w.endsOn > serviceDate);
  const checks: { ok: boolean; label: string; detail: string }[] = [
    {
      ok: inForce,
      label: t('verifications.check.policy'),
      detail: facts.activeToday
        ? t('verifications.check.policyUntil', { date: facts.policyEndsOn ? day(facts.policyEndsOn) : '—' })
        : t(`verifications.check.inactive.${facts.inactiveReason ?? 'POLICY_NOT_ACTIVE'}`),
    },
    {
      ok: waiting.length === 0,
      label: t('verifications.check.waiting'),
      detail: waiting.length
        ? intl.formatList(waiting.map((w) => t('verifications.check.waitingUntil', { category: t(`verifications.benefitCategory.${w.category}`), date: day(w.endsOn) })))
        : t('verifications.check.noWaiting'),
    },
    {
      ok: (facts.annualMaximumRemainingCents ?? 0) > 0,
      label: t('verifications.check.annualMaximum'),
      detail: facts.annualMaximumRemainingCents === null ? '—' : t('verifications.check.left', { amount: money(intl, facts.annualMaximumRemainingCents, facts.currency) }),
    },
  ];
  if (category === 'ORTHODONTIC') {
    const limit = facts.orthodonticAgeLimit;
    const age = ageOn(facts.birthDate, serviceDate);
    checks.push({
      ok: limit === null || age < limit,
      label: t('verifications.check.orthodonticAge'),
      detail: limit === null ? t('verifications.check.noAgeLimit') : t('verifications.check.ageOn', { age, limit }),
    });
    checks.push({
      ok: (facts.orthodonticRemainingCents ?? 0) > 0,
      label: t('verifications.check.orthodontic'),
      detail: facts.orthodonticRemainingCents === null ? t('verifications.check.noOrthodontic') : t('verifications.check.left', { amount: money(intl, facts.orthodonticRemainingCents, facts.currency) }),
    });
  }
  return (
    <Stack gap="2" data-testid="coverage-checks">
      <Text fontSize="sm" color="fg.muted">
        <bdi>{t('verifications.check.on', { date: day(serviceDate) })}</bdi>
      </Text>
      <List.Root variant="plain" gap="2">
        {checks.map((check) => {
          const Icon = check.ok ? CircleCheck : CircleAlert;
          return (
            <List.Item key={check.label} alignItems="flex-start" gap="2">
              <Icon aria-hidden size={18} style={{ flexShrink: 0 }} color={check.ok ? 'var(--chakra-colors-green-600)' : 'var(--chakra-colors-orange-600)'} />
              <Stack gap="0">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="medium">{check.label}</Text>
                  <Badge size="sm" colorPalette={check.ok ? 'green' : 'orange'} variant="subtle">
                    {t(check.ok ? 'verifications.check.ok' : 'verifications.check.attention')}
                  </Badge>
                </HStack>
                <Text fontSize="sm">
                  <bdi>{check.detail}</bdi>
                </Text>
              </Stack>
            </List.Item>
          );
        })}
      </List.Root>
    </Stack>
  );
}
