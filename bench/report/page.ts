/**
 * docs/performance.md, made from one run's record: when and on what it was measured, the table
 * and the goals the run did not measure. When the code changed since, no figure is shown: only
 * which run was the last and how to measure the code as it is.
 */
import path from 'node:path';
import { ROOT } from '../paths';
import { HEADER, cells } from './columns';
import type { Freshness } from './freshness';
import type { RunRecord } from './record';

const short = (commit: string) => commit.slice(0, 7);

const escape = (cell: string) => cell.replace(/\|/g, '\\|');

function staleNotice(record: RunRecord, file: string, fresh: Freshness): string[] {
  const { commit, date } = fresh.lastChange;
  return [
    `**No current figures.** The last run (\`${path.relative(ROOT, file)}\`) measured`,
    `\`${short(record.revision.commit)}\`; the code it describes (core/, api/, worker/) changed since,`,
    `last in \`${short(commit)}\` (${date.slice(0, 10)}). \`npm run bench\` measures the code as it is`,
    'and writes this page again.',
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
  const figures = [
    measuredOn(record, file),
    '',
    ...table(record),
    '',
    ...(notMeasured.length > 0
      ? ['Goals not measured in this run:', '', ...notMeasured.map((goal) => `- ${goal.goal}`), '']
      : []),
    ...failures.map(([scenario, why]) => `Scenario ${scenario} failed: ${why}`),
    ...(failures.length > 0 ? [''] : []),
  ];
  return [
    '# Performance',
    '',
    '<!-- Written by `npm run bench:report` from the latest bench/results/*.json: do not edit. -->',
    '',
    'A figure older than the code it describes is not shown: when core/, api/ or worker/ changed',
    "after the measured commit (the console's browser files aside), this page shows none.",
    '',
    ...(fresh.current ? figures : staleNotice(record, file, fresh)),
    'How each figure is measured, and its reference: [bench/README.md](../bench/README.md).',
    '',
  ].join('\n');
}
