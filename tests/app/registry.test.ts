import { describe, expect, it } from 'vitest';
import { AREAS, crumbsFor, NAV_ITEMS, PRIVATE_ROUTES } from '../../src/app/areas.ts';
import { findRoute, matchPath, pathOf } from '../../src/app/registry.ts';
import { isActive, visibleItems } from '../../src/components/layout/nav-items.ts';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import fr from '../../src/i18n/messages/fr.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import zh from '../../src/i18n/messages/zh.json' with { type: 'json' };

/** The specification's private routes (section 2, "Screens and routes"), inside `/app`. */
const SPEC_ROUTES = [
  '/panel/default', '/', '/dashboard',
  '/doctores', '/doctores/nuevo', '/doctores/editar/:id',
  '/perfil', '/perfil/:id',
  '/pacientes', '/pacientes/:id', '/pacientes/nuevo', '/pacientes/nuevo/:poliza_id', '/pacientes/editar/:id', '/pacientes/ver/:id',
  '/titulares', '/titulares/nuevo', '/titulares/editar/:id',
  '/verificaciones/nuevas', '/verificaciones/existentes', '/verificaciones/nueva', '/verificaciones/editar/:id',
  '/reembolsos/nueva', '/reembolsos/general', '/reembolsos/ortodoncia', '/reembolsos/nuevo/:verificacion_id', '/reembolsos/editar/:verificacion_id/:id',
  '/descargas', '/descargas/nuevo',
  '/notas', '/mensajes',
  '/comunicados', '/comunicados/nuevo', '/comunicados/editar/:id', '/comunicadospendientes',
  '/usuarios', '/usuarios/nuevo', '/usuarios/editar/:id',
  '/roles', '/roles/editar/:id',
  '/aseguradoras', '/aseguradoras/nueva', '/aseguradoras/editar/:id',
];

describe('the area registry', () => {
  it('declares every route of the specification', () => {
    const paths = PRIVATE_ROUTES.map((route) => route.path);
    for (const path of SPEC_ROUTES) expect(paths, path).toContain(path);
  });

  it('matches the most specific route first', () => {
    const screen = (path: string) => findRoute(PRIVATE_ROUTES, path)!;
    expect(screen('/pacientes/nuevo').titleId).toBe('area.patients.new');
    expect(screen('/pacientes/nuevo/7').titleId).toBe('area.patients.newForPolicy');
    expect(screen('/pacientes/42').titleId).toBe('area.patients.byPolicy');
    expect(screen('/pacientes/ver/42').titleId).toBe('area.patients.view');
    expect(screen('/aseguradoras/nueva').permission).toBe('insurers:create');
    expect(screen('/aseguradoras/editar/5').permission).toBe('insurers:update');
    expect(screen('/reembolsos/editar/3/9').titleId).toBe('area.reimbursements.edit');
    expect(matchPath('/reembolsos/editar/:verificacion_id/:id', '/reembolsos/editar/3/9')).toEqual({ verificacion_id: '3', id: '9' });
    expect(findRoute(PRIVATE_ROUTES, '/nada')).toBeUndefined();
  });

  it('titles each screen with its own path parameters only, in every language (a placeholder without a value shows as {id})', () => {
    for (const [locale, catalog] of Object.entries({ es, en, fr, zh, ja }) as [string, Record<string, string>][]) {
      for (const route of PRIVATE_ROUTES) {
        const placeholders = [...catalog[route.titleId].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
        for (const name of placeholders) expect(params, `${locale} ${route.titleId} on ${route.path}`).toContain(name);
      }
    }
  });

  it('keeps the permissions of the screens', () => {
    const permission = (path: string) => PRIVATE_ROUTES.find((route) => route.path === path)?.permission;
    expect(permission('/doctores')).toBe('doctors:read');
    // What a user still has to acknowledge is addressed to them, whatever their role: every signed-in user opens it.
    expect(permission('/comunicadospendientes')).toBeUndefined();
    expect(permission('/perfil/:id')).toBe('users:read');
    expect(permission('/perfil')).toBeUndefined();
    expect(permission('/panel/default')).toBeUndefined();
    expect(permission('/diagramas')).toBe('diagrams:read');
  });

  it('derives the menu in the specification order, each entry with the permission of the screen it opens', () => {
    expect(NAV_ITEMS.map((item) => es[item.labelId as keyof typeof es])).toEqual([
      'Panel', 'Doctores', 'Configuraciones', 'Búsqueda', 'Titulares', 'Pacientes', 'Verificaciones', 'Reembolsos',
      'Planes de ortodoncia', 'Pagos', 'Descargas', 'Notas', 'Mensajes', 'Usuarios', 'Roles', 'Aseguradoras', 'comunicados', 'Diagramas',
    ]);
    const byKey = Object.fromEntries(NAV_ITEMS.map((item) => [item.key, item]));
    expect(byKey.insurers).toMatchObject({ href: '/aseguradoras', permission: 'insurers:read' });
    // Configuraciones opens the settings catalogs; Búsqueda its own screen, open to every signed-in user.
    expect(byKey.settings).toMatchObject({ href: '/configuraciones', permission: 'settings:read' });
    expect(byKey.search).toMatchObject({ href: '/busqueda', permission: undefined });
    expect(byKey.verifications.children!.map((c) => [c.href, c.permission])).toEqual([
      ['/verificaciones/nuevas', 'verifications:read'],
      ['/verificaciones/existentes', 'verifications:read'],
    ]);
    for (const item of NAV_ITEMS.flatMap((i) => [i, ...(i.children ?? [])])) expect(item.icon, item.key).toBeTruthy();
  });

  it('shows only what the user may open, dropping empty groups', () => {
    const readOnly = new Set(['insurers:read', 'patients:read']);
    const keys = visibleItems(NAV_ITEMS, (p) => !p || readOnly.has(p)).map((item) => item.key);
    expect(keys).toEqual(['dashboard', 'search', 'patients', 'insurers']);
    expect(isActive(NAV_ITEMS.find((i) => i.key === 'insurers')!, '/app/aseguradoras/editar/3')).toBe(true);
    expect(isActive(NAV_ITEMS.find((i) => i.key === 'reimbursements')!, '/app/reembolsos/general')).toBe(true);
    expect(isActive(NAV_ITEMS.find((i) => i.key === 'dashboard')!, '/app/aseguradoras')).toBe(false);
  });

  it('gives breadcrumbs and links between the screens of an area', () => {
    const route = (path: string) => PRIVATE_ROUTES.find((r) => r.path === path)!;
    expect(crumbsFor(route('/aseguradoras/editar/:id'))).toEqual([
      { labelId: 'nav.dashboard', href: '/panel/default' },
      { labelId: 'insurers.title', href: '/aseguradoras' },
    ]);
    expect(crumbsFor(route('/aseguradoras'))).toEqual([{ labelId: 'nav.dashboard', href: '/panel/default' }]);
    // Screens the menu opens side by side are peers: the worklist is not below the history, nor the orthodontic list below the general one.
    expect(crumbsFor(route('/verificaciones/nuevas'))).toEqual([{ labelId: 'nav.dashboard', href: '/panel/default' }]);
    expect(crumbsFor(route('/reembolsos/ortodoncia'))).toEqual([{ labelId: 'nav.dashboard', href: '/panel/default' }]);
    expect(crumbsFor(route('/verificaciones/editar/:id')).map((crumb) => crumb.href)).toEqual(['/panel/default', '/verificaciones/existentes']);
    expect(crumbsFor(route('/panel/default'))).toEqual([]);
    // Below a list, the list the user came from, with its filters: a verification opened from the worklist.
    const worklist = { route: route('/verificaciones/nuevas'), href: '/verificaciones/nuevas?state=pending' };
    expect(crumbsFor(route('/verificaciones/editar/:id'), worklist)).toEqual([
      { labelId: 'nav.dashboard', href: '/panel/default' },
      { labelId: 'area.verifications.new', href: '/verificaciones/nuevas?state=pending' },
    ]);
    expect(crumbsFor(route('/verificaciones/nueva'), worklist).map((crumb) => crumb.labelId)).toEqual(['nav.dashboard', 'area.verifications.new']);
    const orthodontic = { route: route('/reembolsos/ortodoncia'), href: '/reembolsos/ortodoncia' };
    expect(crumbsFor(route('/reembolsos/editar/:verificacion_id/:id'), orthodontic).at(-1)).toEqual({ labelId: 'area.reimbursements.orthodontic', href: '/reembolsos/ortodoncia' });
    // A list of another area says nothing about this one's records; a list itself stays below the dashboard only.
    expect(crumbsFor(route('/aseguradoras/editar/:id'), worklist).at(-1)?.href).toBe('/aseguradoras');
    expect(crumbsFor(route('/verificaciones/existentes'), worklist)).toEqual([{ labelId: 'nav.dashboard', href: '/panel/default' }]);
    const insurers = AREAS.find((area) => area.key === 'insurers')!;
    expect(pathOf(insurers, 'edit', { id: 12 })?.path).toBe('/aseguradoras/editar/12');
    expect(pathOf(insurers, 'nothing')).toBeNull();
  });
});
