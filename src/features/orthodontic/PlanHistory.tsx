import { useIntl } from 'react-intl';
import type { HistoryItem } from '../../api/resources/workflow-history.ts';
import { HistoryTimeline } from '../../components/workflow/HistoryTimeline.tsx';
import { orthodonticPlanMachine } from '@core/workflows/orthodontic-plan.machine.ts';
import type { PlanHistory as History } from '../../api/resources/orthodontic-plans.ts';

type Item = History[number];

/** Every accepted event of the plan and of its instalments, each named for its record (the plan, or which instalment). */
export function PlanHistory({ planId }: { planId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const instalment = (item: HistoryItem) => ((item as Item).entityType === 'orthodontic_installment' ? (item as Item) : null);
  const eventLabel = (type: string, item: HistoryItem) => {
    const of = instalment(item);
    const id = `orthodonticPlans.history.${of ? 'installment' : 'plan'}Event.${type}`;
    const subject = of ? (of.installmentNumber === 0 ? t('orthodonticPlans.schedule.initial') : t('orthodonticPlans.schedule.periodic', { number: of.installmentNumber ?? 0 })) : t('orthodonticPlans.history.plan');
    return `${subject}: ${intl.messages[id] ? t(id) : type}`;
  };
  const stateLabel = (item: HistoryItem) => t(`machine.${instalment(item) ? 'orthodonticInstallment' : 'orthodonticPlan'}.state.${item.toState}`);
  return (
    <HistoryTimeline entity="orthodontic-plan" id={planId} machine={orthodonticPlanMachine} eventLabel={eventLabel} stateLabel={stateLabel} heading={t('orthodonticPlans.history.title')} />
  );
}
