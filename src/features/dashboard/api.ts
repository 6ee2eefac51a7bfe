import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client.ts';
import { DASHBOARD_KEY } from '../../api/query-keys.ts';

export type Dashboard = Schemas['Dashboard'];
export type DashboardCharts = Schemas['DashboardCharts'];

/** Live figures: read again when the screen is shown and every minute while it stays open. */
export const dashboardQuery = () => queryOptions({ queryKey: DASHBOARD_KEY, queryFn: () => call(api.GET('/api/dashboard')), refetchInterval: 60_000 });
