/**
 * `npm run test:paths -- --machine <name> --criterion states|transitions|transition-pairs|guards --seed <n> [--max-length <n>]`
 *
 * Generates test paths for a registered machine (src/machines/registry.ts) meeting a coverage criterion, and
 * writes them under tests/paths/<machine>/<criterion>/: paths.json, paths.md and a Vitest spec replaying them
 * (for the app machine, also a Playwright spec driving the real UI). `--coverage` writes the statechart
 * coverage report instead (coverage/statecharts/). Run with `--help` for every option.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MACHINES } from '../../src/machines/registry.ts';
import { deriveAlphabet, eventTypesOf } from '../statecharts/paths/alphabet.ts';
import { TARGET_NOUN } from '../statecharts/paths/criteria.ts';
import { transitionKeys } from '../statecharts/paths/ids.ts';
import { CRITERIA, GENERATORS, type Criterion, type GeneratorName, type PathsFile } from '../statecharts/paths/types.ts';
import { computeCoverage, DEFAULT_REPORT_DIR, ROOT, summaryLines, writeReport } from './coverage.ts';
import { FIXTURES } from './fixtures.ts';
import { DEFAULT_OPTIONS, generatePaths, type GenerateOptions } from './generate.ts';
import { PLAYWRIGHT_NOTE, playwrightSpecFile, renderPlaywrightSpec } from './playwright.ts';
import { renderJson, renderMarkdown, renderSpec } from './render.ts';

const USAGE = `Usage:
  npm run test:paths -- --machine <name|all> --criterion <criterion|all> --seed <n> [options]
  npm run test:paths -- --coverage [--no-handwritten] [--out <dir>]
  npm run test:paths -- --list

Criteria: ${CRITERIA.join(', ')}
Machines: ${MACHINES.map((m) => m.name).join(', ')}

Options:
  --seed <n>            seed of the random walks (default ${DEFAULT_OPTIONS.seed}); the same seed gives byte-identical files
  --max-length <n>      longest random walk, in events (default ${DEFAULT_OPTIONS.maxLength})
  --walks <n>           number of random walks (default ${DEFAULT_OPTIONS.walks})
  --generators <list>   comma-separated among ${GENERATORS.join(', ')} (default: all)
  --out <dir>           where to write (default tests/paths, where other options than the defaults write
                        into their own seed-<n>[-length-<n>][-walks-<n>] folder; with --coverage, coverage/statecharts)
  --check               write nothing; fail if the files on disk differ from what would be generated
  --coverage            write the coverage report of every machine (generated paths + hand-written tests)
  --no-handwritten      with --coverage: leave the hand-written tests out
  --list                list the registered machines: kind, transitions, event alphabet, scenarios`;

interface Args {
  machines: string[];
  criteria: Criterion[];
  options: Omit<GenerateOptions, 'criterion'>;
  out: string | null;
  check: boolean;
  coverage: boolean;
  handwritten: boolean;
  list: boolean;
  help: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    machines: [],
    criteria: [],
    options: { ...DEFAULT_OPTIONS },
    out: null,
    check: false,
    coverage: false,
    handwritten: true,
    list: false,
    help: false,
  };
  const integer = (flag: string, value: string | undefined, min: number) => {
    if (value === undefined || !/^-?\d+$/.test(value) || Number(value) < min) throw new UsageError(`${flag} needs an integer ≥ ${min}`);
    return Number(value);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.includes('=') ? (argv[i]!.split(/=(.*)/s, 2) as [string, string]) : [argv[i]!, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--machine': {
        const v = value();
        if (!v) throw new UsageError('--machine needs a name');
        args.machines.push(...(v === 'all' ? MACHINES.map((m) => m.name) : v.split(',')));
        break;
      }
      case '--criterion': {
        const v = value();
        if (!v) throw new UsageError('--criterion needs a value');
        for (const c of v === 'all' ? CRITERIA : v.split(',')) {
          if (!(CRITERIA as readonly string[]).includes(c)) throw new UsageError(`unknown criterion ${c} (${CRITERIA.join(', ')})`);
          args.criteria.push(c as Criterion);
        }
        break;
      }
      case '--seed':
        args.options.seed = integer('--seed', value(), 0);
        break;
      case '--max-length':
        args.options.maxLength = integer('--max-length', value(), 1);
        break;
      case '--walks':
        args.options.walks = integer('--walks', value(), 0);
        break;
      case '--generators': {
        const v = value() ?? '';
        const list = v.split(',').filter(Boolean);
        for (const g of list) if (!(GENERATORS as readonly string[]).includes(g)) throw new UsageError(`unknown generator ${g} (${GENERATORS.join(', ')})`);
        if (!list.length) throw new UsageError('--generators needs at least one generator');
        args.options.generators = GENERATORS.filter((g) => list.includes(g)) as GeneratorName[];
        break;
      }
      case '--out':
        args.out = value() ?? null;
        if (!args.out) throw new UsageError('--out needs a directory');
        break;
      case '--check':
        args.check = true;
        break;
      case '--coverage':
        args.coverage = true;
        break;
      case '--no-handwritten':
        args.handwritten = false;
        break;
      case '--list':
        args.list = true;
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new UsageError(`unknown option ${argv[i]}`);
    }
  }
  for (const name of args.machines) {
    if (!MACHINES.some((m) => m.name === name)) throw new UsageError(`unknown machine ${name} (${MACHINES.map((m) => m.name).join(', ')})`);
  }
  return args;
}

const importPath = (fromDir: string, file: string) => {
  const relative = path.relative(fromDir, file).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
};

/**
 * The folder under `<machine>/<criterion>/` for paths generated with other options than the committed
 * ones (`seed-7`, `seed-7-length-20`, …), so an experiment never overwrites the committed files.
 */
export function variantOf(options: Omit<GenerateOptions, 'criterion'>): string {
  const others = [
    options.maxLength !== DEFAULT_OPTIONS.maxLength ? `length-${options.maxLength}` : '',
    options.walks !== DEFAULT_OPTIONS.walks ? `walks-${options.walks}` : '',
    options.generators.join() !== DEFAULT_OPTIONS.generators.join() ? options.generators.join('+') : '',
  ].filter(Boolean);
  return options.seed === DEFAULT_OPTIONS.seed && others.length === 0 ? '' : [`seed-${options.seed}`, ...others].join('-');
}

/** The files generated for one machine and criterion, by path relative to the repository. */
export function filesFor(file: PathsFile, subject: string, outDir: string, variant = ''): Record<string, string> {
  const dir = path.join(outDir, file.machine, file.criterion, variant);
  const files: Record<string, string> = {
    [path.join(dir, 'paths.json')]: renderJson(file),
    [path.join(dir, 'paths.md')]: renderMarkdown(file, subject),
    [path.join(dir, `${file.machine}.${file.criterion}.paths.test.ts`)]: renderSpec(file, importPath(dir, path.join(ROOT, 'tests/paths/support/replay.ts'))),
  };
  if (file.machine === 'app') {
    const spec = playwrightSpecFile(file.criterion, outDir, variant);
    files[spec] = renderPlaywrightSpec(file, importPath(path.dirname(spec), path.join(ROOT, 'tests/paths/support/app-ui.ts')));
  }
  return files;
}

function main(argv: string[]): number {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`test:paths: ${error.message}\n\n${USAGE}`);
    return 64;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.list) {
    for (const m of MACHINES) {
      const fixture = FIXTURES[m.name];
      if (!fixture) {
        console.log(`${m.name.padEnd(24)} ${m.kind.padEnd(12)} NO FIXTURE in scripts/test-paths/fixtures.ts`);
        continue;
      }
      const { alphabet } = deriveAlphabet(m.machine, fixture);
      const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
      console.log(
        `${m.name.padEnd(24)} ${m.kind.padEnd(12)} ${plural(transitionKeys(m.machine).length, 'transition').padEnd(15)} ` +
          `${plural(eventTypesOf(m.machine).length, 'event type')}, ${plural(alphabet.length, 'event variant')}, ${plural(fixture.scenarios.length, 'scenario')}`,
      );
    }
    return 0;
  }
  if (args.coverage) {
    const report = computeCoverage({ handwritten: args.handwritten });
    const written = writeReport(report, args.out ? path.resolve(args.out) : DEFAULT_REPORT_DIR);
    for (const line of summaryLines(report)) console.log(line);
    console.log(`\nHand-written tests: ${report.handwritten.note.split('\n')[0]}`);
    for (const file of written) console.log(`wrote ${path.relative(process.cwd(), file)}`);
    return report.handwritten.ok ? 0 : 1;
  }
  if (!args.machines.length || !args.criteria.length) {
    console.error(`test:paths: --machine and --criterion are required\n\n${USAGE}`);
    return 64;
  }
  const outDir = path.resolve(args.out ?? path.join(ROOT, 'tests/paths'));
  // An explicit --out is the user's own place; the default one keeps the committed files apart.
  const variant = args.out ? '' : variantOf(args.options);
  let status = 0;
  const stale: string[] = [];
  for (const name of args.machines) {
    const registered = MACHINES.find((m) => m.name === name)!;
    const fixture = FIXTURES[name];
    if (!fixture) {
      console.error(`${name}: no fixture in scripts/test-paths/fixtures.ts`);
      status = 1;
      continue;
    }
    for (const criterion of args.criteria) {
      const file = generatePaths(registered, fixture, { ...args.options, criterion });
      const { targets } = file;
      const noun = TARGET_NOUN[criterion];
      console.log(
        `${name} / ${criterion}: ${file.paths.length} paths, ${file.paths.reduce((n, p) => n + p.steps.length, 0)} steps; ` +
          `${targets.covered}/${targets.total} ${noun} (${targets.percent} %)`,
      );
      if (targets.unreachable.length) console.log(`  unreachable with these fixtures: ${targets.unreachable.join('; ')}`);
      if (targets.uncovered.length) {
        console.error(`  NOT COVERED: ${targets.uncovered.join('; ')}`);
        status = Math.max(status, 2);
      }
      for (const failure of file.failures) {
        console.error(`  FAILURE in scenario ${failure.scenario}, shrunk from ${failure.originalLength} to ${failure.events.length} events: ${failure.message}`);
        console.error(`    ${failure.events.map((e) => JSON.stringify(e)).join(' → ') || '(start)'}`);
        status = Math.max(status, 1);
      }
      for (const [target, text] of Object.entries(filesFor(file, fixture.subject, outDir, variant))) {
        if (args.check) {
          if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) stale.push(path.relative(process.cwd(), target));
          continue;
        }
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, text);
        console.log(`  wrote ${path.relative(process.cwd(), target)}`);
      }
      if (name === 'app' && !args.check) console.log(`  ${PLAYWRIGHT_NOTE}`);
    }
  }
  if (args.check) {
    if (stale.length) {
      console.error(`Out of date (regenerate):\n${stale.map((s) => `  ${s}`).join('\n')}`);
      return 3;
    }
    console.log('All generated files are up to date.');
  }
  return status;
}

process.exitCode = main(process.argv.slice(2));
