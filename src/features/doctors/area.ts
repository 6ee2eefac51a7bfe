import { Stethoscope } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./DoctorsListScreen.tsx'));
const Form = lazyScreen(() => import('./DoctorFormScreen.tsx'));

export const doctorsArea = defineArea({
  key: 'doctors',
  routes: [
    { key: 'create', path: '/doctores/nuevo', titleId: 'area.doctors.new', screen: Form, permission: 'doctors:create' },
    // Readers open the doctor too (treasury keeps the account payments go to there); only `doctors:update` may save it.
    { key: 'edit', path: '/doctores/editar/:id', titleId: 'area.doctors.edit', screen: Form, permission: 'doctors:read' },
    { key: 'list', path: '/doctores', titleId: 'area.doctors.list', screen: List, permission: 'doctors:read' },
  ],
  menu: [{ key: 'doctors', labelId: 'nav.doctors', icon: Stethoscope, path: '/doctores', order: 20 }],
  actions: { delete: 'doctors:delete', update: 'doctors:update' },
});
