import { useIntl } from 'react-intl';
import { LIST_SPECS } from '../../../openapi/field-specs.ts';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import type { ListSpec } from '../../components/list/list-state.ts';
import { useScreen } from '../../components/layout/screen-context.ts';
import { ORTHODONTIC_PLAN_STATES } from '@core/workflows/orthodontic-plan.machine.ts';
import { plans, type Plan } from '../../api/resources/orthodontic-plans.ts';
import { PLAN_COLUMNS } from './columns.tsx';
import { PreauthorizationFinder } from './PreauthorizationFinder.tsx';

/** The plans still running (the analysts' daily queue), then each state of the statechart. */
export const RUNNING_STATES = 'proposed,approved,active,suspended';

// The patient filter is for links from a patient's view (?patientId=), not a choice in the toolbar.
const { patientId: _patient, ...filters } = LIST_SPECS.orthodonticPlans.filters;
const LIST: ListSpec = { ...LIST_SPECS.orthodonticPlans, filters };

/** `/reembolsos/planes`: every orthodontic plan, filtered by state in the URL; a row opens the plan. */
export default function PlansListScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { link } = useScreen();
  const list = useListController(plans, LIST);
  const stateOptions = [
    { value: RUNNING_STATES, label: t('orthodonticPlans.filter.running') },
    ...ORTHODONTIC_PLAN_STATES.map((state) => ({ value: state, label: t(`machine.orthodonticPlan.state.${state}`) })),
  ];
  return (
    <ListShell<Plan>
      controller={list}
      title={t('orthodonticPlans.title')}
      columns={PLAN_COLUMNS}
      rowLabel={(plan) => intl.formatMessage({ id: 'orthodonticPlans.rowLabel' }, { patient: plan.patientName, code: plan.treatmentCode })}
      searchPlaceholder={t('orthodonticPlans.search')}
      filterOptions={{ state: stateOptions }}
      open={{ screen: 'edit', create: null }}
      intro={link('create', { verificacion_id: 0 }) && <PreauthorizationFinder />}
    />
  );
}
