/**
 * A run's JSON record, bench/results/<date-time>.json: where and on what it ran, every row of the
 * table, each goal's status, and every measured run. Committed: the history of the figures.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Goal } from '../goals';
import type { Row } from '../scenarios/scenario';
import type { EngineVersion } from '../stack/engines';
import { RESULTS_DIR } from '../paths';
import type { MachineInfo } from './machine';
import type { Revision } from './revision';

type GoalStatus = 'met' | 'missed' | 'not measured';

export interface GoalResult {
  id: string;
  goal: string;
  figure: string;
  status: GoalStatus;
}

export interface RunRecord {
  date: string;
  machine: MachineInfo;
  engine: EngineVersion;
  revision: Revision;
  options: { runs: number; workers: number; only: string[] };
  rows: Row[];
  goals: GoalResult[];
  /** By scenario: every measured run. */
  runs: Record<string, unknown>;
  /** By scenario: why it stopped; the others still ran. */
  failures: Record<string, string>;
  durationSeconds: number;
}

/** A run's date as its files are named: 2026-11-25T19-23-11Z. */
export const stampOf = (date: string) => date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');

/** Writes the record under its date; the file's path. */
export function writeRecord(record: RunRecord): string {
  const file = path.join(RESULTS_DIR, `${stampOf(record.date)}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

/** The newest record's path: file names are dates, so the last in order. */
export function latestRecordFile(): string {
  const files = readdirSync(RESULTS_DIR).filter((name) => name.endsWith('.json'));
  const latest = files.sort().pop();
  if (!latest) throw new Error(`no results in ${RESULTS_DIR}: run npm run bench first`);
  return path.join(RESULTS_DIR, latest);
}

export function readRecord(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** Each goal's status in a run, from the rows that judged it. */
export function goalResults(rows: readonly Row[], goals: readonly Goal[]): GoalResult[] {
  return goals.map((goal) => {
    const row = rows.find((candidate) => candidate.goalId === goal.id);
    if (!row) return { id: goal.id, goal: goal.text, figure: '—', status: 'not measured' };
    const figure = [row.ours, row.result].filter(Boolean).join(', ');
    return { id: goal.id, goal: goal.text, figure, status: row.pass ? 'met' : 'missed' };
  });
}
