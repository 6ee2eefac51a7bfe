import { fileURLToPath } from 'node:url';

/**
 * `@core/…`: the pure code both sides run, for Vite and Vitest (tsconfig.base.json's `paths` say the same to
 * TypeScript, tsx and Playwright; eslint.config.js to its resolver).
 */
export const CORE_ALIAS = { '@core': fileURLToPath(new URL('../core', import.meta.url)) };
