import { Settings } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const SettingsScreen = lazyScreen(() => import('./SettingsScreen.tsx'));

/**
 * Configuraciones: the catalogs the benefit engine and the forms read (procedure codes, reason texts,
 * required documents, 4.1 defaults), one tab each (`?catalogo=`); administrators edit, staff read.
 */
export const settingsArea = defineArea({
  key: 'settings',
  routes: [{ key: 'home', path: '/configuraciones', titleId: 'area.settings', screen: SettingsScreen, permission: 'settings:read' }],
  menu: [{ key: 'settings', labelId: 'nav.settings', icon: Settings, path: '/configuraciones', order: 30 }],
  actions: { update: 'settings:update' },
});
