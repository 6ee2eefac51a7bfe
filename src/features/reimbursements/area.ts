import { FilePlus2, Receipt, ReceiptText, Smile } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const reimbursementsArea = defineArea({
  key: 'reimbursements',
  routes: [
    { key: 'new', path: '/reembolsos/nueva', titleId: 'area.reimbursements.new', screen: NotYet, permission: 'reimbursements:read' },
    { key: 'list', path: '/reembolsos/general', titleId: 'area.reimbursements.general', screen: NotYet, permission: 'reimbursements:read' },
    { key: 'orthodontic', path: '/reembolsos/ortodoncia', titleId: 'area.reimbursements.orthodontic', screen: NotYet, permission: 'reimbursements:read' },
    { key: 'create', path: '/reembolsos/nuevo/:verificacion_id', titleId: 'area.reimbursements.form', screen: NotYet, permission: 'reimbursements:create' },
    { key: 'edit', path: '/reembolsos/editar/:verificacion_id/:id', titleId: 'area.reimbursements.edit', screen: NotYet, permission: 'reimbursements:update' },
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
        { key: 'reimbursements-new', labelId: 'nav.reimbursementsNew', icon: FilePlus2, path: '/reembolsos/nueva' },
      ],
    },
  ],
});
