import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The walls between the layers (docs/architecture.md): `npm run lint` refuses an import across them, and
 * `npm run typecheck` refuses core code that touches the DOM or Node. Each case is a file written in a layer's
 * folder (linted or compiled in memory, never saved) that must be refused, beside one that must pass.
 */

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids ESLint reports for `code` as if it were the file at `file`. */
async function lintAs(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('the lint walls', () => {
  const refused = [
    ['core imports the app', 'core/benefits/zz-wall.ts', "import { MACHINES } from '../../src/machines/registry.ts';\nexport const n = MACHINES.length;\n"],
    ['core imports the server', 'core/workflows/zz-wall.ts', "import { JOBS } from '../../server/scheduler.ts';\nexport const n = JOBS.length;\n"],
    ['the app imports a test-path fixture', 'src/features/diagrams/zz-wall.ts', "import { FIXTURES } from '../../../scripts/test-paths/fixtures.ts';\nexport const n = Object.keys(FIXTURES).length;\n"],
    ['an area imports the app shell', 'src/features/doctors/zz-wall.ts', "import { AREAS } from '../../app/areas.ts';\nexport const n = AREAS.length;\n"],
    ['the server imports an app module other than the catalogs', 'server/settings/zz-wall.ts', "import { MACHINES } from '../../src/machines/registry.ts';\nexport const n = MACHINES.length;\n"],
    ['the database layer imports an area', 'server/db/zz-wall.ts', "import { hashPassword } from '../auth/passwords.ts';\nexport const hash = hashPassword;\n"],
  ] as const;

  it.each(refused)('refuses: %s', async (_case, file, code) => {
    expect(await lintAs(file, code)).toContain('import-x/no-restricted-paths');
  });

  it('lets each layer import what lies below it', async () => {
    expect(await lintAs('src/features/doctors/zz-wall.ts', "import { formatMinor } from '@core/benefits/currency.ts';\nexport const f = formatMinor;\n")).toEqual([]);
    expect(await lintAs('server/settings/zz-wall.ts', "import es from '../../src/i18n/messages/es.json';\nexport const n = Object.keys(es).length;\n")).toEqual([]);
  });
});

describe('query keys are made only in the resource modules', () => {
  const hook = "import { useQuery, useQueryClient } from '@tanstack/react-query';\n";
  const refused = [
    ['a key literal in a screen', 'src/features/reimbursements/zz-wall.tsx', `${hook}export const useDoctor = (id: number) => useQuery({ queryKey: ['reimbursements', 'doctor', id], queryFn: () => id });\n`],
    ['a key literal `as const` in an area module', 'src/features/doctors/zz-wall.ts', `${hook}export const useDoctors = () => useQuery({ queryKey: ['doctors'] as const, queryFn: () => 1 });\n`],
    ['a key literal in an invalidation from a shared component', 'src/components/workflow/zz-wall.ts', `${hook}export const useRefresh = () => { const client = useQueryClient(); return () => client.invalidateQueries({ queryKey: ['history'] }); };\n`],
    ['a key literal given to setQueryData', 'src/features/patients/zz-wall.ts', `${hook}export const useSet = () => { const client = useQueryClient(); return (p: object) => client.setQueryData(['patients', 'detail', 1], p); };\n`],
  ] as const;

  it.each(refused)('refuses: %s', async (_case, file, code) => {
    expect(await lintAs(file, code)).toContain('no-restricted-syntax');
  });

  it('lets a resource module make keys, and a screen use them', async () => {
    expect(await lintAs('src/api/resources/zz-wall.ts', `import { useQuery } from '@tanstack/react-query';\nexport const useDoctors = () => useQuery({ queryKey: ['doctors', 'list', {}], queryFn: () => 1 });\n`)).toEqual([]);
    expect(
      await lintAs('src/features/doctors/zz-wall.tsx', `${hook}import { doctors } from '../../api/resources/doctors.ts';\nexport const useDoctor = (id: number) => useQuery(doctors.oneQuery(id));\nexport const useRefresh = () => { const client = useQueryClient(); return () => client.invalidateQueries({ queryKey: doctors.keys.all }); };\n`),
    ).toEqual([]);
  });
});

describe('the typecheck walls', () => {
  /** The diagnostics of compiling `code` as a file of the project whose tsconfig is `project`. */
  function compileIn(project: string, code: string): string[] {
    const config = ts.getParsedCommandLineOfConfigFile(project, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const file = path.resolve(path.dirname(project), 'zz-wall.ts');
    const host = ts.createCompilerHost(config.options);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (path.resolve(name) === file ? code : readFile(name));
    host.fileExists = ((exists) => (name: string) => path.resolve(name) === file || exists(name))(host.fileExists.bind(host));
    const program = ts.createProgram([file], { ...config.options, noEmit: true }, host);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('core code has neither the DOM nor Node', () => {
    expect(compileIn('core/tsconfig.json', 'export const title = () => document.title;\n').join('\n')).toMatch(/Cannot find name 'document'/);
    expect(compileIn('core/tsconfig.json', 'export const home = () => process.env.HOME;\n').join('\n')).toMatch(/Cannot find name 'process'/);
    expect(compileIn('core/tsconfig.json', 'export const twice = (n: number) => n * 2;\n')).toEqual([]);
  });

  it('the app has the DOM and not Node; the server has Node and not the DOM', () => {
    expect(compileIn('src/tsconfig.json', 'export const title = () => document.title;\n')).toEqual([]);
    expect(compileIn('src/tsconfig.json', 'export const home = () => process.env.HOME;\n').join('\n')).toMatch(/Cannot find name 'process'/);
    expect(compileIn('server/tsconfig.json', 'export const home = () => process.env.HOME;\n')).toEqual([]);
    expect(compileIn('server/tsconfig.json', 'export const title = () => document.title;\n').join('\n')).toMatch(/Cannot find name 'document'/);
  });
});
