import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./IntegrationClientsScreen.tsx'));

/** Usuarios → Integraciones: the practices' and exchanges' clients of the FHIR endpoint (opened from the users list, no menu entry of its own). */
export const integrationsArea = defineArea({
  key: 'integrations',
  routes: [{ key: 'list', path: '/usuarios/integraciones', titleId: 'area.integrations.list', screen: List, permission: 'users:read' }],
});
