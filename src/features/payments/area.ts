import { Landmark } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./PaymentRunsScreen.tsx'));
const Create = lazyScreen(() => import('./NewPaymentRunScreen.tsx'));
const View = lazyScreen(() => import('./PaymentRunScreen.tsx'));

// Issue 26: treasury pays approved claims with a bank file, a second person approves it.
export const paymentsArea = defineArea({
  key: 'payments',
  routes: [
    { key: 'create', path: '/pagos/nueva', titleId: 'area.payments.new', screen: Create, permission: 'payments:create' },
    { key: 'edit', path: '/pagos/:id', titleId: 'area.payments.view', screen: View, permission: 'payments:read' },
    { key: 'list', path: '/pagos', titleId: 'area.payments.list', screen: List, permission: 'payments:read' },
  ],
  menu: [{ key: 'payments', labelId: 'nav.payments', icon: Landmark, path: '/pagos', order: 82 }],
  actions: { create: 'payments:create' },
});
