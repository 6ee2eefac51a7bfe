import { LayoutDashboard } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';
import { dashboardQuery } from '../../api/resources/dashboard.ts';

const Dashboard = lazyScreen(() => import('./DashboardScreen.tsx'));

/** The specification's default home answers four paths. */
export const dashboardArea = defineArea({
  key: 'dashboard',
  routes: ['/panel/default', '/', '/dashboard', '/default'].map((path) => ({ key: 'home', path, titleId: 'nav.dashboard', screen: Dashboard, prefetch: (client) => client.prefetchQuery(dashboardQuery()) })),
  menu: [{ key: 'dashboard', labelId: 'nav.dashboard', icon: LayoutDashboard, path: '/panel/default', order: 10 }],
});
