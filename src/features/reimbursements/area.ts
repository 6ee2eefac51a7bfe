import { FilePlus2, Receipt, ReceiptText, Smile } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';
import { ReadyCount } from './ReadyCount.tsx';

const Ready = lazyScreen(() => import('./ReadyVerificationsScreen.tsx'));
const General = lazyScreen(() => import('./GeneralListScreen.tsx'));
const Orthodontic = lazyScreen(() => import('./OrthodonticListScreen.tsx'));
const Create = lazyScreen(() => import('./create/CreateReimbursementScreen.tsx'));
const Record = lazyScreen(() => import('./review/ReimbursementScreen.tsx'));

export const reimbursementsArea = defineArea({
  key: 'reimbursements',
  routes: [
    { key: 'new', path: '/reembolsos/nueva', titleId: 'area.reimbursements.new', screen: Ready, permission: 'reimbursements:create' },
    { key: 'list', path: '/reembolsos/general', titleId: 'area.reimbursements.general', screen: General, permission: 'reimbursements:read' },
    { key: 'orthodontic', path: '/reembolsos/ortodoncia', titleId: 'area.reimbursements.orthodontic', screen: Orthodontic, permission: 'reimbursements:read' },
    { key: 'create', path: '/reembolsos/nuevo/:verificacion_id', titleId: 'area.reimbursements.form', screen: Create, permission: 'reimbursements:create' },
    // Every reader opens the record; what each may do there is the record's allowedEvents.
    { key: 'edit', path: '/reembolsos/editar/:verificacion_id/:id', titleId: 'area.reimbursements.edit', screen: Record, permission: 'reimbursements:read' },
  ],
  menu: [
    {
      key: 'reimbursements',
      labelId: 'nav.reimbursements',
      icon: Receipt,
      order: 80,
      children: [
        { key: 'reimbursements-general', labelId: 'nav.reimbursementsGeneral', icon: ReceiptText, path: '/reembolsos/general' },
        { key: 'reimbursements-orthodontic', labelId: 'nav.reimbursementsOrthodontic', icon: Smile, path: '/reembolsos/ortodoncia' },
        { key: 'reimbursements-new', labelId: 'nav.reimbursementsNew', icon: FilePlus2, path: '/reembolsos/nueva', count: ReadyCount },
      ],
    },
  ],
});
