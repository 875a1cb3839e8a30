/**
 * The preview of a draft funnel (docs/api-behaviour.md#preview), in its steps:
 *  1. the draft is checked as saving it would be: its content type exists, its mappings suit it;
 *  2. it is run over its own sample (`requestData`), when it has one;
 *  3. the last requests of the saved funnel named are read from the history, those that cannot
 *     be run again set aside with the reason;
 *  4. the draft is run over each, and its answer set beside the recorded one.
 * Nothing is written: the store is only read (the ports have no write), and each run is a dry run.
 */
import type { ContentType } from '../domain/content-type';
import { mappingProblems, type Funnel } from '../domain/funnel';
import type { ItemReads } from '../items/item-reads';
import { answersDiffer, itemChanges, recordedAnswer } from './compare-answers';
import { identity, recentRequests, type HistoryReads } from './recent-requests';
import { runDraft, type Draft } from './run-draft';
import type { PreviewAnswer, PreviewRequest, PreviewedRequest } from './preview-schema';

export interface PreviewPorts {
  contentTypes: { find(tenant: string, key: string): Promise<ContentType | null> };
  funnels: { find(tenant: string, endpointUrl: string): Promise<Funnel | null> };
  history: HistoryReads;
  items: ItemReads;
}

/** The draft cannot be previewed: field path -> message, as saving it would answer. */
export class PreviewRefused extends Error {
  constructor(readonly problems: Record<string, string>) {
    super('The draft cannot be previewed');
  }
}

export async function previewFunnel(
  ports: PreviewPorts,
  tenant: string,
  request: PreviewRequest,
): Promise<PreviewAnswer> {
  const draft = await checkedDraft(ports, tenant, request);
  const sample = await runOverSample(ports, draft);
  if (!request.history) return { sample, requests: [], skipped: [] };

  const endpointUrl = request.history.endpointUrl ?? request.funnel.endpointUrl;
  const saved = await ports.funnels.find(tenant, endpointUrl);
  if (!saved) {
    throw new PreviewRefused({
      'history.endpointUrl': `No funnel "${endpointUrl}" in this tenant`,
    });
  }
  const recent = await recentRequests(ports.history, tenant, saved.id, request.history.limit);

  const requests: PreviewedRequest[] = [];
  const skipped = [...recent.skipped];
  // One at a time: each run holds its body whole and parsed, and a preview is no race.
  for (const record of recent.runnable) {
    const recorded = await ports.history.body(record);
    if (!recorded.ok) {
      skipped.push({ ...identity(record), reason: recorded.reason });
      continue;
    }
    const now = await runDraft(ports.items, draft, recorded.body);
    const then = recordedAnswer(record);
    const changes = itemChanges(record, now);
    requests.push({
      ...identity(record),
      then,
      now: now.answer,
      changed: answersDiffer(then, now.answer, changes),
      itemChanges: changes,
    });
  }
  return { sample, requests, skipped };
}

async function checkedDraft(
  ports: PreviewPorts,
  tenant: string,
  request: PreviewRequest,
): Promise<Draft> {
  const body = request.funnel;
  const contentType = await ports.contentTypes.find(tenant, body.contentType);
  if (!contentType) {
    throw new PreviewRefused({
      'funnel.contentType': `No content type "${body.contentType}" in this tenant`,
    });
  }
  const problems = mappingProblems(body.mappings, contentType);
  if (Object.keys(problems).length > 0) {
    const named: Record<string, string> = {};
    for (const [path, message] of Object.entries(problems)) named[`funnel.${path}`] = message;
    throw new PreviewRefused(named);
  }
  const at = new Date();
  // A draft is not stored: it has no id of its own, and no revision yet.
  const funnel = { id: 'draft', ...body, revision: 0, createdAt: at, updatedAt: at };
  return { tenant, contentType, funnel };
}

async function runOverSample(ports: PreviewPorts, draft: Draft) {
  const sample = draft.funnel.requestData;
  if (sample == null) return null;
  const run = await runDraft(ports.items, draft, { raw: JSON.stringify(sample), format: 'json' });
  return run.answer;
}
