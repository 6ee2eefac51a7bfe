/**
 * The message prefixes the public pages (log-in, register, password reset) and the loading and error
 * screens use. Their Spanish texts ship with the first page (vite.config.ts builds them into
 * `virtual:public-catalog`); the whole catalog loads with the signed-in layout.
 * tests/i18n/public-catalog.test.ts fails when a public screen uses a key outside them.
 */
export const PUBLIC_PREFIXES = ['app.', 'auth.', 'code.', 'common.', 'error.', 'form.', 'header.', 'lang.'] as const;

export const isPublicKey = (key: string) => PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix));
