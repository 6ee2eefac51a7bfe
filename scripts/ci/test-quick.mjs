// `npm run test:quick [-- <git ref>]`: the developer's loop. Lint of the changed files, the typecheck, and the
// Vitest files related to the changes (everything changed since <ref>, default HEAD, plus files not yet added).
import { execFileSync } from 'node:child_process';
import { runPhases } from './phases.mjs';

const base = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', '--diff-filter=d', base), ...git('ls-files', '--others', '--exclude-standard')])];
const code = changed.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
if (code.length === 0) {
  console.log(`Nothing changed since ${base}.`);
  process.exit(0);
}
runPhases([
  ['lint (changed files)', 'npx', ['eslint', '--max-warnings', '0', '--no-warn-ignored', ...code]],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['related tests', 'npx', ['vitest', 'related', '--run', '--passWithNoTests', ...code]],
]);
