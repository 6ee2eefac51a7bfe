import { Download } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const downloadsArea = defineArea({
  key: 'downloads',
  routes: [
    { key: 'create', path: '/descargas/nuevo', titleId: 'area.downloads.new', screen: NotYet, permission: 'downloads:create' },
    { key: 'list', path: '/descargas', titleId: 'area.downloads.list', screen: NotYet, permission: 'downloads:read' },
  ],
  menu: [{ key: 'downloads', labelId: 'nav.downloads', icon: Download, path: '/descargas', order: 90 }],
});
