import { List, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { planHistoryQuery } from './api.ts';

/** Every accepted event of the plan and of its instalments, oldest first, with who sent it (the system for the scheduler's). */
export function PlanHistory({ planId }: { planId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const history = useQuery(planHistoryQuery(planId));
  if (!history.data) return null;
  const items = history.data.items;
  if (items.length === 0) return <Text color="fg.muted">{t('orthodonticPlans.history.none')}</Text>;
  const stateLabel = (entity: string, state: string) => t(`machine.${entity === 'orthodontic_plan' ? 'orthodonticPlan' : 'orthodonticInstallment'}.state.${state}`);
  return (
    <List.Root as="ol" gap="2" ps="5" fontSize="sm">
      {items.map((h) => {
        const installment = h.entityType === 'orthodontic_installment';
        const subject = installment ? (h.installmentNumber === 0 ? t('orthodonticPlans.schedule.initial') : t('orthodonticPlans.schedule.periodic', { number: h.installmentNumber ?? 0 })) : t('orthodonticPlans.history.plan');
        const eventId = `orthodonticPlans.history.${installment ? 'installment' : 'plan'}Event.${h.event}`;
        return (
          <List.Item key={h.id}>
            <Text as="span" fontWeight="semibold">
              <bdi>{`${subject}: ${intl.messages[eventId] ? t(eventId) : h.event}`}</bdi>
            </Text>
            {' · '}
            <bdi>{intl.formatDate(h.at, { dateStyle: 'medium', timeStyle: 'short' })}</bdi>
            {' · '}
            <bdi>{h.actorName ?? t('orthodonticPlans.history.system')}</bdi>
            {' · '}
            <bdi>{h.fromState ? t('orthodonticPlans.history.transition', { from: stateLabel(h.entityType, h.fromState), to: stateLabel(h.entityType, h.toState) }) : stateLabel(h.entityType, h.toState)}</bdi>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
