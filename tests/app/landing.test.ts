import { describe, expect, it } from 'vitest';
import { landingPath, safeRedirect } from '../../src/app/landing.ts';

// Where a sign-in lands decides which screen's code and data are asked for while it is in flight.
describe('where a session lands', () => {
  it('from a public page: its same-origin redirect, else where the session machine sends the user', () => {
    expect(landingPath('/app/dashboard', { pathname: '/log-in', search: '?redirect=%2Fapp%2Fdoctores%3Fpage%3D2' })).toBe('/app/doctores?page=2');
    expect(landingPath('/app/dashboard', { pathname: '/log-in', search: '' })).toBe('/app/dashboard');
    expect(landingPath('/', { pathname: '/register', search: '' })).toBe('/');
  });

  it('never leaves the site or lands on a public page', () => {
    for (const hostile of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '/log-in', '/register?x=1']) {
      expect(safeRedirect(hostile)).toBeNull();
      expect(landingPath('/app/dashboard', { pathname: '/log-in', search: `?redirect=${encodeURIComponent(hostile)}` })).toBe('/app/dashboard');
    }
  });

  it('from any other page (a stored session on start): that page', () => {
    expect(landingPath('/app/dashboard', { pathname: '/app/pacientes/ver/3', search: '?tab=x' })).toBe('/app/pacientes/ver/3');
  });
});
