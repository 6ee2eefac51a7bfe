import { Stethoscope } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const doctorsArea = defineArea({
  key: 'doctors',
  routes: [
    { key: 'create', path: '/doctores/nuevo', titleId: 'area.doctors.new', screen: NotYet, permission: 'doctors:create' },
    { key: 'edit', path: '/doctores/editar/:id', titleId: 'area.doctors.edit', screen: NotYet, permission: 'doctors:update' },
    { key: 'list', path: '/doctores', titleId: 'area.doctors.list', screen: NotYet, permission: 'doctors:read' },
  ],
  menu: [{ key: 'doctors', labelId: 'nav.doctors', icon: Stethoscope, path: '/doctores', order: 20 }],
});
