// `npm run lint` (first step of `npm test`, zero warnings): typescript-eslint's recommended rules,
// React's hook rules, no import cycles, and the boundaries between the project's layers and areas.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** The area folders (src/features/<area>), read from disk so a new area is covered at once. */
const areaDirs = ['src/features'].flatMap((parent) =>
  fs.existsSync(parent)
    ? fs
        .readdirSync(parent, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => ({ area: entry.name, dir: `./${parent}/${entry.name}` }))
    : [],
);

/** An area uses shared code (src/components, src/api, src/i18n, src/session, src/machines, core/), never another area's folder. */
const areaZones = areaDirs.map(({ area, dir }) => ({
  target: dir,
  from: areaDirs.filter((other) => other.area !== area).map((other) => other.dir),
  message: 'An area must not reach into another area: move what both need to src/components, src/api, src/i18n, src/session or core/.',
}));

/**
 * The server's folders above server/http and server/db: the areas, each with its handlers.ts (workflow/<name>,
 * settings, doctors …), and server/seed above them; read from disk so a new area is covered at once.
 */
const serverAreaDirs = fs.existsSync('server')
  ? fs
      .readdirSync('server', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !['db', 'http'].includes(entry.name))
      .map((entry) => `./server/${entry.name}`)
  : [];
/** The server's top floor: what gathers every area's handlers, builds the app and starts it. */
const serverTop = ['./server/handlers.ts', './server/server.ts', './server/main.ts'];

const layerZones = [
  {
    target: './core',
    from: ['./src', './server', './scripts', './tests', './openapi'],
    message: 'core/ is the pure code both sides run: it imports nothing outside core/ (xstate aside).',
  },
  {
    target: './src',
    from: ['./server', './scripts', './tests'],
    message: 'The app imports neither the server, nor the tooling, nor the tests: what it shares with them lives in core/.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'An area does not import the app shell (the shell imports the areas, src/app/areas.ts): session hooks are in src/session, defineArea in src/components/layout/area.ts.',
  },
  {
    target: ['./src/components', './src/session', './src/api', './src/i18n'],
    from: ['./src/app', './src/features'],
    message: 'Shared app code depends neither on the app shell nor on an area.',
  },
  {
    target: './src/machines',
    from: ['./src/api', './src/components', './src/features', './src/app', './src/session'],
    message: "The app's machines are pure: no API client, screens, components or app shell.",
  },
  {
    target: './server',
    from: './src',
    except: ['./i18n'],
    message: 'The server reads only the catalogs (src/i18n) from the app; shared code lives in core/.',
  },
  {
    // A zone's `from` is either all globs or none, hence its own zone.
    target: './server',
    from: ['./src/i18n/I18nProvider*'],
    message: 'The server reads the catalogs, not the React provider.',
  },
  {
    target: './server/db',
    from: [...serverAreaDirs, ...serverTop],
    message: 'server/db is below the areas: what calls an area (the seeds) lives above it, in server/seed.',
  },
  {
    target: './server/http',
    from: [...serverAreaDirs.filter((dir) => dir !== './server/auth'), ...serverTop],
    message: "server/http is the layer the areas share (routing, validation, problems, defineResource): it imports no area; an area's handlers live in its own folder.",
  },
  {
    // The request's types name the session (server/auth/sessions.ts); nothing else of auth (its handlers, roles).
    target: './server/http',
    from: './server/auth',
    except: ['./sessions.ts'],
    message: 'server/http may read the session types of server/auth/sessions.ts, nothing else of the auth area.',
  },
  {
    target: serverAreaDirs.filter((dir) => dir !== './server/seed'),
    from: ['./server/seed', ...serverTop],
    message: 'An area imports neither the seeds (they call the areas, from above) nor the top floor (server/handlers.ts, server.ts, main.ts).',
  },
  {
    target: ['./scripts', './tools'],
    from: './tests',
    message: 'Tooling must not depend on tests: move what both need into scripts/.',
  },
];

/** Chakra's `loading` disables the button, which drops a keyboard user's focus. */
const BUSY_BUTTON = {
  selector: "JSXOpeningElement[name.name=/^(Button|IconButton)$/] > JSXAttribute[name.name='loading']",
  message: "Chakra's `loading` disables the button, which drops a keyboard user's focus: use BusyButton (src/components/form/BusyButton.tsx).",
};

/**
 * A TanStack Query key written out in place (`queryKey: ['doctors', …]`, `setQueryData(['doctors', …])`): one server
 * resource cached under several keys is how a saved doctor stayed stale on the claim form (issue 23). Keys are made
 * only in src/api/resources/<resource>.ts, each under its resource's prefix.
 */
const KEY_MESSAGE = 'Query keys are made only in src/api/resources/<resource>.ts: use the resource module\'s query options or keys.';
const QUERY_KEY_LITERALS = [
  { selector: "Property[key.name='queryKey'] > ArrayExpression.value", message: KEY_MESSAGE },
  { selector: "Property[key.name='queryKey'] > TSAsExpression.value > ArrayExpression", message: KEY_MESSAGE },
  { selector: "CallExpression[callee.property.name=/^(get|set)Query(Data|State)$/] > ArrayExpression.arguments", message: KEY_MESSAGE },
];

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'coverage/',
      'docs/',
      'data/',
      'test-results/',
      'playwright-report/',
      '.stryker-tmp*/',
      // Generated: by `npm run gen:api` and by `npm run test:paths` (tests/paths/<machine>/<criterion>/).
      'openapi/schema.d.ts',
      'openapi/validators.ts',
      'openapi/public-validators.ts',
      'openapi/permissions.ts',
      'openapi/field-specs.ts',
      'tests/paths/*/*/',
      // …except the API replay's adapters, written by hand beside the generated folders.
      '!tests/paths/api/support/',
    ],
  },
  tseslint.configs.recommended,
  // The hook rules are for React code: the app in src/ (tests and server have functions named use… that are not hooks).
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...QUERY_KEY_LITERALS] },
  },
  {
    files: ['src/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', BUSY_BUTTON, ...QUERY_KEY_LITERALS] },
  },
  {
    // The one place query keys are made (no named exceptions: a file that needs a key asks its resource module).
    files: ['src/api/resources/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports by parsing each imported file: TypeScript ones need the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'], alias: { '@core': [path.resolve('core')] } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...areaZones] }],
      // Parameters, variables and destructured fields named with a leading underscore are deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
