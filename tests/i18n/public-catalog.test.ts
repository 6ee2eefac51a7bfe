import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import { isPublicKey } from '../../src/i18n/public-keys.ts';

// What renders before the whole catalog has loaded: the public pages, their layout and switches,
// the loading outlines and the error screens.
const PUBLIC_CODE = [
  ...readdirSync('src/features/auth').map((name) => `src/features/auth/${name}`),
  ...readdirSync('src/components/feedback').map((name) => `src/components/feedback/${name}`),
  'src/app/AppRoutes.tsx',
  'src/app/route-meta.ts',
  'src/app/shell/PublicLayout.tsx',
  'src/app/shell/LanguageSwitcher.tsx',
  'src/app/shell/ThemeToggle.tsx',
  'src/app/shell/ShellSkeleton.tsx',
  'src/i18n/form-messages.ts',
];

const catalog = es as Record<string, string>;

describe('the public pages’ catalog', () => {
  it('holds every text the public screens name', () => {
    const named = PUBLIC_CODE.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['"`]([a-zA-Z]+\.[\w.]+)['"`]/g)].map((m) => m[1]!)).filter((id) => id in catalog);
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((id) => !isPublicKey(id))).toEqual([]);
  });

  it('leaves the signed-in areas’ texts for later', () => {
    const kept = Object.keys(catalog).filter(isPublicKey);
    expect(kept).toContain('auth.logIn.title');
    expect(kept).not.toContain('nav.dashboard');
    expect(kept.length).toBeLessThan(Object.keys(catalog).length / 5);
  });
});
