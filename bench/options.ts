/** The command line of `npm run bench`. */
import { parseArgs } from 'node:util';
import { SCENARIOS } from './scenarios/all';

export interface BenchOptions {
  /** Measured runs of each figure, after one unmeasured. */
  runs: number;
  /** Worker processes between scenarios (some measure with another number, and say why). */
  workers: number;
  /** Scenarios to run, by name; goals of the others are reported as not measured. */
  only: string[];
  /** CPU profiles of the API and the workers, and where their time went, beside the logs. */
  profile: boolean;
}

const NAMES = SCENARIOS.map((scenario) => scenario.name);

const HELP = `npm run bench -- [options]
  --runs N      measured runs of each figure, the median reported (default 5)
  --workers N   worker processes (default 2)
  --only LIST   scenarios, comma-separated: ${NAMES.join(',')}
  --profile     run the API and the workers with --cpu-prof, and print where their CPU went`;

function count(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`expected an integer ≥ 1\n${HELP}`);
  return parsed;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      workers: { type: 'string' },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const only = values.only ? values.only.split(',').map((name) => name.trim()) : NAMES;
  const unknown = only.filter((name) => !NAMES.includes(name));
  if (unknown.length > 0) throw new Error(`unknown scenario(s): ${unknown.join(', ')}\n${HELP}`);
  return {
    runs: count(values.runs, 5),
    workers: count(values.workers, 2),
    only,
    profile: values.profile,
  };
}
