/**
 * What an engine's `explain` (executionStats) says of a read, in MongoDB's shape, which
 * DocumentDB's gateway answers too: the winning plan's stages, the index it scans, and how many
 * index keys and documents the read examined.
 */
import type { mongo } from 'mongoose';

export interface PlanSummary {
  /** The winning plan's stages, outermost first: "LIMIT > SORT > FETCH > IXSCAN". */
  stages: string;
  /** The indexes it scans; none: a collection scan. */
  indexes: string[];
  keysExamined: number;
  docsExamined: number;
  returned: number;
}

interface Stage {
  stage?: string;
  indexName?: string;
  inputStage?: Stage;
  inputStages?: Stage[];
  nReturned?: number;
  totalKeysExamined?: number;
  keysExamined?: number;
  totalDocsExamined?: number;
  docsExamined?: number;
  totalDocsRemovedByIndexRechecks?: number;
}

/**
 * The most keys and documents any stage examined. DocumentDB's totals are the outer stage's (a
 * LIMIT's 21), its index scan counts its own; a fetch there reports what it returned and dropped.
 */
function examined(stage: Stage | undefined): { keys: number; docs: number } {
  if (!stage) return { keys: 0, docs: 0 };
  const fetched =
    stage.stage === 'FETCH'
      ? (stage.nReturned ?? 0) + (stage.totalDocsRemovedByIndexRechecks ?? 0)
      : 0;
  let keys = Math.max(stage.totalKeysExamined ?? 0, stage.keysExamined ?? 0);
  let docs = Math.max(stage.totalDocsExamined ?? 0, stage.docsExamined ?? 0, fetched);
  for (const input of [stage.inputStage, ...(stage.inputStages ?? [])]) {
    const below = examined(input);
    keys = Math.max(keys, below.keys);
    docs = Math.max(docs, below.docs);
  }
  return { keys, docs };
}

function walk(stage: Stage | undefined, into: { stages: string[]; indexes: string[] }): void {
  if (!stage) return;
  if (stage.stage) into.stages.push(stage.stage);
  if (stage.indexName && !into.indexes.includes(stage.indexName))
    into.indexes.push(stage.indexName);
  walk(stage.inputStage, into);
  for (const input of stage.inputStages ?? []) walk(input, into);
}

export function planSummary(explained: mongo.Document): PlanSummary {
  const planner = explained.queryPlanner as { winningPlan?: Stage & { queryPlan?: Stage } };
  const stats = explained.executionStats as
    (Stage & { executionStages?: Stage; totalKeysExamined?: number }) | undefined;
  const found = { stages: [] as string[], indexes: [] as string[] };
  // MongoDB 7+ with the slot-based engine nests the plan under `queryPlan`.
  walk(planner.winningPlan?.queryPlan ?? planner.winningPlan, found);
  return {
    stages: found.stages.join(' > '),
    indexes: found.indexes,
    ...(() => {
      const { keys, docs } = examined({ ...stats, inputStage: stats?.executionStages });
      return { keysExamined: keys, docsExamined: docs };
    })(),
    returned: stats?.nReturned ?? 0,
  };
}
