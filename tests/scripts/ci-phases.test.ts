import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Two lanes as `npm test` runs them: the live lane's failure scrolls by while the other prints, so CI's tail must
// show it again (scripts/ci/phases.mjs).
const lanes = (failing: string) => `
import { runLanes } from './scripts/ci/phases.mjs';
runLanes([
  { live: true, phases: [['browser', 'bash', ['-c', ${JSON.stringify(failing)}]]] },
  { phases: [['checks', 'bash', ['-c', 'for i in $(seq 1 200); do echo check $i; done']]] },
]);`;

function run(failing: string) {
  const { status, stdout } = spawnSync(process.execPath, ['--input-type=module', '-e', lanes(failing)], { encoding: 'utf8', env: { ...process.env, PHASES_FILE: '' } });
  return { status, stdout };
}

describe('the CI lanes', () => {
  it('print a failed phase’s last lines again after every lane’s output, without colours, and exit with its code', () => {
    const { status, stdout } = run('for i in $(seq 1 100); do echo line $i; done; printf "\\033[31m1 failed: spec.ts:12\\033[0m\\n"; exit 3');
    expect(status).toBe(3);
    const marker = '▼ browser failed (exit 3); its last 60 lines:';
    expect(stdout).toContain(marker);
    const again = stdout.slice(stdout.indexOf(marker));
    expect(again).toContain('line 42\n');
    expect(again).not.toContain('line 41\n');
    expect(again).toContain('1 failed: spec.ts:12\n');
    expect(again).not.toContain('\x1b[');
    expect(stdout.lastIndexOf('check 200')).toBeLessThan(stdout.indexOf(marker));
  });

  it('print nothing again when every phase passes', () => {
    const { status, stdout } = run('echo fine');
    expect(status).toBe(0);
    expect(stdout).not.toContain('▼');
  });
});
