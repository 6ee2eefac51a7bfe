import { CalendarClock } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./PlansListScreen.tsx'));
const Propose = lazyScreen(() => import('./ProposePlanScreen.tsx'));
const View = lazyScreen(() => import('./PlanScreen.tsx'));

// The specification names no route for plans: they sit under the orthodontic reimbursements they lead to.
export const orthodonticArea = defineArea({
  key: 'orthodontic',
  routes: [
    { key: 'create', path: '/reembolsos/planes/nuevo/:verificacion_id', titleId: 'area.orthodonticPlans.new', screen: Propose, permission: 'reimbursements:create' },
    { key: 'edit', path: '/reembolsos/planes/:id', titleId: 'area.orthodonticPlans.view', screen: View, permission: 'reimbursements:read' },
    { key: 'list', path: '/reembolsos/planes', titleId: 'area.orthodonticPlans.list', screen: List, permission: 'reimbursements:read' },
  ],
  menu: [{ key: 'orthodontic-plans', labelId: 'nav.orthodonticPlans', icon: CalendarClock, path: '/reembolsos/planes', order: 81 }],
  // Events need the events operation's permission; claiming an instalment creates a reimbursement.
  actions: { update: 'reimbursements:update', claim: 'reimbursements:create' },
});
