import { announcementsArea } from '../features/announcements/area.ts';
import { dashboardArea } from '../features/dashboard/area.ts';
import { diagramsArea } from '../features/diagrams/area.ts';
import { doctorsArea } from '../features/doctors/area.ts';
import { downloadsArea } from '../features/downloads/area.ts';
import { insurersArea } from '../features/insurers/area.ts';
import { messagesArea } from '../features/messages/area.ts';
import { notesArea } from '../features/notes/area.ts';
import { orthodonticArea } from '../features/orthodontic/area.ts';
import { patientsArea } from '../features/patients/area.ts';
import { paymentsArea } from '../features/payments/area.ts';
import { policyholdersArea } from '../features/policyholders/area.ts';
import { profileArea } from '../features/profile/area.ts';
import { reimbursementsArea } from '../features/reimbursements/area.ts';
import { rolesArea } from '../features/roles/area.ts';
import { searchArea } from '../features/search/area.ts';
import { settingsArea } from '../features/settings/area.ts';
import { usersArea } from '../features/users/area.ts';
import { integrationsArea } from '../features/integrations/area.ts';
import { verificationsArea } from '../features/verifications/area.ts';
import type { Area } from '../components/layout/area.ts';
import type { CameFrom } from './came-from.ts';
import { crumbsOf, menuOf, routesOf } from './registry.ts';

/**
 * Every signed-in area of the panel: routes, menus, guards and breadcrumbs are all derived from this
 * list. It loads with the signed-in shell; the public screens are the auth area's (AppRoutes routes them).
 */
export const AREAS: Area[] = [
  dashboardArea,
  doctorsArea,
  profileArea,
  patientsArea,
  policyholdersArea,
  verificationsArea,
  reimbursementsArea,
  orthodonticArea,
  paymentsArea,
  downloadsArea,
  notesArea,
  messagesArea,
  usersArea,
  integrationsArea,
  rolesArea,
  insurersArea,
  announcementsArea,
  diagramsArea,
  searchArea,
  settingsArea,
];

/** Every route under the private prefix `/app`, most specific first. */
export const PRIVATE_ROUTES = routesOf(AREAS);
export const NAV_ITEMS = menuOf(AREAS, PRIVATE_ROUTES);
export const HEADER_ITEMS = AREAS.flatMap((area) => area.headerItems ?? []);

const HOME_CRUMB = { labelId: 'nav.dashboard', href: '/panel/default' } as const;
export const crumbsFor = (route: (typeof PRIVATE_ROUTES)[number], from?: CameFrom) => crumbsOf(route, HOME_CRUMB, from);
