import type { ComponentType } from 'react';
import { lazyScreen } from '../components/feedback/lazyScreen.tsx';

export interface PrivateRoute {
  path: string;
  titleId: string;
  screen: ComponentType<{ titleId: string }>;
  permission?: string;
}

const Dashboard = lazyScreen(() => import('../screens/dashboard/DashboardScreen.tsx'));
const Area = lazyScreen(() => import('../screens/area/AreaScreen.tsx'));
const Profile = lazyScreen(() => import('../screens/profile/ProfileScreen.tsx'));
const InsurersList = lazyScreen(() => import('../screens/insurers/InsurersListScreen.tsx'));
const InsurerForm = lazyScreen(() => import('../screens/insurers/InsurerFormScreen.tsx'));
const Diagrams = lazyScreen(() => import('../screens/diagrams/DiagramsScreen.tsx'));

const area = (path: string, titleId: string, permission: string): PrivateRoute => ({ path, titleId, permission, screen: Area });

/** Every route under the private prefix `/app` (specification section 2), most specific first. */
export const PRIVATE_ROUTES: PrivateRoute[] = [
  ...['/panel/default', '/', '/dashboard', '/default'].map((path) => ({ path, titleId: 'nav.dashboard', screen: Dashboard })),
  area('/doctores/nuevo', 'area.doctors.new', 'doctors:create'),
  area('/doctores/editar/:id', 'area.doctors.edit', 'doctors:update'),
  area('/doctores', 'area.doctors.list', 'doctors:read'),
  { path: '/perfil/:id', titleId: 'area.profile', screen: Profile, permission: 'users:read' },
  { path: '/perfil', titleId: 'area.profile', screen: Profile },
  area('/pacientes/nuevo/:poliza_id', 'area.patients.newForPolicy', 'patients:create'),
  area('/pacientes/nuevo', 'area.patients.new', 'patients:create'),
  area('/pacientes/editar/:id', 'area.patients.edit', 'patients:update'),
  area('/pacientes/ver/:id', 'area.patients.view', 'patients:read'),
  area('/pacientes/:id', 'area.patients.byPolicy', 'patients:read'),
  area('/pacientes', 'area.patients.list', 'patients:read'),
  area('/titulares/nuevo', 'area.policyholders.new', 'policyholders:create'),
  area('/titulares/editar/:id', 'area.policyholders.edit', 'policyholders:update'),
  area('/titulares', 'area.policyholders.list', 'policyholders:read'),
  area('/verificaciones/nuevas', 'area.verifications.new', 'verifications:read'),
  area('/verificaciones/existentes', 'area.verifications.existing', 'verifications:read'),
  area('/verificaciones/nueva', 'area.verifications.form', 'verifications:create'),
  area('/verificaciones/editar/:id', 'area.verifications.edit', 'verifications:update'),
  area('/reembolsos/nueva', 'area.reimbursements.new', 'reimbursements:read'),
  area('/reembolsos/general', 'area.reimbursements.general', 'reimbursements:read'),
  area('/reembolsos/ortodoncia', 'area.reimbursements.orthodontic', 'reimbursements:read'),
  area('/reembolsos/nuevo/:verificacion_id', 'area.reimbursements.form', 'reimbursements:create'),
  area('/reembolsos/editar/:verificacion_id/:id', 'area.reimbursements.edit', 'reimbursements:update'),
  area('/descargas/nuevo', 'area.downloads.new', 'downloads:create'),
  area('/descargas', 'area.downloads.list', 'downloads:read'),
  area('/notas', 'area.notes', 'notes:read'),
  area('/mensajes', 'area.messages', 'messages:read'),
  area('/comunicados/nuevo', 'area.announcements.new', 'announcements:create'),
  area('/comunicados/editar/:id', 'area.announcements.edit', 'announcements:update'),
  area('/comunicadospendientes', 'area.announcements.pending', 'announcements:read'),
  area('/comunicados', 'area.announcements.list', 'announcements:read'),
  area('/usuarios/nuevo', 'area.users.new', 'users:create'),
  area('/usuarios/editar/:id', 'area.users.edit', 'users:update'),
  area('/usuarios', 'area.users.list', 'users:read'),
  area('/roles/editar/:id', 'area.roles.edit', 'roles:update'),
  area('/roles', 'area.roles.list', 'roles:read'),
  { path: '/aseguradoras/nueva', titleId: 'insurers.new', screen: InsurerForm, permission: 'insurers:create' },
  { path: '/aseguradoras/editar/:id', titleId: 'insurers.title', screen: InsurerForm, permission: 'insurers:update' },
  { path: '/aseguradoras', titleId: 'insurers.title', screen: InsurersList, permission: 'insurers:read' },
  { path: '/diagramas', titleId: 'area.diagrams', screen: Diagrams, permission: 'diagrams:read' },
];

export const PUBLIC_ROUTES = [
  { path: '/log-in', titleId: 'auth.logIn.title', screen: lazyScreen(() => import('../screens/auth/LogInScreen.tsx')) },
  { path: '/register', titleId: 'auth.register.title', screen: lazyScreen(() => import('../screens/auth/RegisterScreen.tsx')) },
  { path: '/forgot-password', titleId: 'auth.forgot.title', screen: lazyScreen(() => import('../screens/auth/ForgotPasswordScreen.tsx')) },
  { path: '/reset-password', titleId: 'auth.reset.title', screen: lazyScreen(() => import('../screens/auth/ResetPasswordScreen.tsx')) },
];

/** Only a same-origin path may be a post-sign-in destination; anything else goes home. */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return PUBLIC_ROUTES.some((route) => target.startsWith(route.path)) ? null : target;
}
