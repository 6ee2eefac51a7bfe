import { Download } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./DownloadsListScreen.tsx'));
const New = lazyScreen(() => import('./NewDownloadScreen.tsx'));

export const downloadsArea = defineArea({
  key: 'downloads',
  routes: [
    { key: 'create', path: '/descargas/nuevo', titleId: 'area.downloads.new', screen: New, permission: 'downloads:create' },
    { key: 'list', path: '/descargas', titleId: 'area.downloads.list', screen: List, permission: 'downloads:read' },
  ],
  menu: [{ key: 'downloads', labelId: 'nav.downloads', icon: Download, path: '/descargas', order: 90 }],
});
