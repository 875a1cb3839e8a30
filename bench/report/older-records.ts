/**
 * Records written before the table had rows (up to 2026-11-25) kept only each goal's figure and
 * the raw results: their rows are made from those, the batch's reference read from the results.
 */
import type { Row } from '../scenarios/scenario';
import { ms } from './format';
import type { GoalResult, RunRecord } from './record';

interface OlderRecord extends Omit<RunRecord, 'rows' | 'runs' | 'failures'> {
  results?: {
    batch?: Record<
      string,
      { product: Median<'wallMs' | 'ownCpuMs'>; floor: Median<'wallMs' | 'cpuMs'> }
    >;
    failures?: Record<string, string>;
  };
}

type Median<K extends string> = { median: Record<K, number> };

/** Ours and the floor's, for the goals read from the 10,000-item batch. */
function batchFigures(record: OlderRecord, id: string): Pick<Row, 'ours' | 'reference'> {
  const batch = record.results?.batch?.['10000'];
  if (!batch) return { ours: '', reference: '' };
  if (id === 'cpu-ratio') {
    const reference = `floor ${ms(batch.floor.median.cpuMs)}`;
    return { ours: ms(batch.product.median.ownCpuMs), reference };
  }
  if (id === 'wall-ratio') {
    return {
      ours: ms(batch.product.median.wallMs),
      reference: `floor ${ms(batch.floor.median.wallMs)}`,
    };
  }
  return { ours: '', reference: '' };
}

/** Scenario and figure of the rows of the batch's goals; other goals are named by their id. */
const LABELS: Record<string, [string, string]> = {
  'cpu-ratio': ['batch of 10,000', 'CPU, API + worker'],
  'wall-ratio': ['batch of 10,000', 'wall time'],
  rss: ['batch of 10,000', 'peak RSS'],
};

function rowOf(record: OlderRecord, goal: GoalResult): Row {
  const figures = batchFigures(record, goal.id);
  const [scenario, figure] = LABELS[goal.id] ?? [goal.id, ''];
  return {
    scenario,
    figure,
    ours: figures.ours || goal.figure,
    reference: figures.reference,
    result: figures.ours ? goal.figure : '',
    goalId: goal.id,
    goal: goal.goal,
    pass: goal.status === 'met',
  };
}

/** A record as the report reads it, whichever way it was written. */
export function asRunRecord(raw: unknown): RunRecord {
  const record = raw as RunRecord | OlderRecord;
  if ('rows' in record) return record;
  const measured = record.goals.filter((goal) => goal.status !== 'not measured');
  return {
    ...record,
    rows: measured.map((goal) => rowOf(record, goal)),
    runs: {},
    failures: record.results?.failures ?? {},
  };
}
