/**
 * docs/performance.md, made from one run's record: when and on what it was measured, a warning at
 * the top when the code changed since, then the table and the goals the run did not measure.
 */
import path from 'node:path';
import { ROOT } from '../paths';
import { HEADER, cells } from './columns';
import type { Freshness } from './freshness';
import type { RunRecord } from './record';

const short = (commit: string) => commit.slice(0, 7);

const escape = (cell: string) => cell.replace(/\|/g, '\\|');

function staleWarning(record: RunRecord, fresh: Freshness): string[] {
  if (fresh.current) return [];
  const { commit, date } = fresh.lastChange;
  return [
    `> **Not current.** These figures were measured on \`${short(record.revision.commit)}\`; the`,
    `> code they describe (core/, api/, worker/) changed since, last in \`${short(commit)}\``,
    `> (${date.slice(0, 10)}). They describe the older code; \`npm run bench\` measures this one.`,
    '',
  ];
}

function measuredOn(record: RunRecord, file: string): string {
  const { machine, engine, revision, options } = record;
  const uncommitted = revision.uncommitted.filter((name) => /^(core|api|worker)\//.test(name));
  const backend = engine.backend ? ` (${engine.backend})` : '';
  return [
    `Measured ${record.date.slice(0, 16).replace('T', ' ')} UTC on commit \`${short(revision.commit)}\``,
    uncommitted.length > 0 ? ` with ${uncommitted.length} uncommitted change(s) to the code` : '',
    `; ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB; `,
    `${engine.name} ${engine.version}${backend}; Node ${machine.node}; ${options.workers} workers; `,
    `medians of ${options.runs} run(s) (\`${path.relative(ROOT, file)}\`).`,
  ].join('');
}

function table(record: RunRecord): string[] {
  const line = (values: string[]) => `| ${values.map(escape).join(' | ')} |`;
  return [
    line(HEADER),
    line(HEADER.map(() => '---')),
    ...record.rows.map((row) => line(cells(row))),
  ];
}

export function renderPage(record: RunRecord, file: string, fresh: Freshness): string {
  const notMeasured = record.goals.filter((goal) => goal.status === 'not measured');
  const failures = Object.entries(record.failures);
  return [
    '# Performance',
    '',
    '<!-- Written by `npm run bench:report` from the latest bench/results/*.json: do not edit. -->',
    '',
    ...staleWarning(record, fresh),
    measuredOn(record, file),
    '',
    'A figure older than the code it describes is not shown as current: when core/, api/ or',
    'worker/ changed after the measured commit, this page says so at the top.',
    '',
    ...table(record),
    '',
    ...(notMeasured.length > 0
      ? ['Goals not measured in this run:', '', ...notMeasured.map((goal) => `- ${goal.goal}`), '']
      : []),
    ...failures.map(([scenario, why]) => `Scenario ${scenario} failed: ${why}`),
    ...(failures.length > 0 ? [''] : []),
    'How each figure is measured, and its reference: [bench/README.md](../bench/README.md).',
    '',
  ].join('\n');
}
