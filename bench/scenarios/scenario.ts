/** What a scenario is given, and what it answers: rows for the table, raw runs for the record. */
import type { FloorSite } from '../floor/run-floor';
import type { Goal } from '../goals';

export interface Bench extends FloorSite {
  /** Measured runs of each figure (a scenario may take fewer, and says why). */
  runs: number;
  /** Worker processes the stack runs with between scenarios. */
  workers: number;
  /** A progress line on stderr. */
  log(message: string): void;
}

/** One line of the table: a figure of ours beside its reference, and the goal that judges it. */
export interface Row {
  scenario: string;
  figure: string;
  ours: string;
  reference: string;
  /** Ours against the reference (a ratio), or what else the goal reads. */
  result: string;
  /** The goal's id and words (goals.ts); absent where the figure is shown for its reference. */
  goalId?: string;
  goal?: string;
  pass?: boolean;
}

/** A row judged by `goal`. */
export function judged(row: Omit<Row, 'goalId' | 'goal' | 'pass'>, goal: Goal, pass: boolean): Row {
  return { ...row, goalId: goal.id, goal: goal.text, pass };
}

export interface Outcome {
  rows: Row[];
  /** Every measured run, for the JSON record. */
  runs: unknown;
}

export interface Scenario {
  /** As `--only` names it. */
  name: string;
  run(bench: Bench): Promise<Outcome>;
}
