/**
 * An export as stored: its settings, its signing secrets, and where its deliveries stand (the
 * change log position they were formed up to, and per lane how many were formed and sent).
 * Behaviour: docs/export.md.
 */
import { z } from 'zod';
import { typedText } from '../domain/typed-text';
import { changeEventSchema, CHANGE_EVENTS, type ChangeView } from '../changes/change-record';
import { contentTypeKeySchema, documentId } from '../domain/names';
import { LANE_COUNT } from './dispatch/lanes';

const EXPORT_STATES = ['active', 'paused', 'disabled'] as const;
type ExportState = (typeof EXPORT_STATES)[number];

/**
 * What target-url.ts takes as an export's URL, for the OpenAPI document: an absolute `http` or
 * `https` URL without a user name or password. Whether it may be plain `http`, and where its host
 * points, are the operator's rules (docs/export.md#targets), checked when it is saved.
 */
const targetUrlSchema = z
  .string()
  .min(1)
  .max(2_048)
  .meta({
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\x00-\\x20]+(?:[/?#][^\\x00-\\x20]*)?$',
    description:
      'An absolute http(s) URL without credentials. It must be https to a public address ' +
      'unless the operator allows its network; a refused one is a 422 saying why',
  });

export const exportBodySchema = z
  .object({
    name: typedText(200),
    url: targetUrlSchema,
    contentTypes: z.array(contentTypeKeySchema).min(1).max(100),
    events: z
      .array(changeEventSchema)
      .min(1)
      .default([...CHANGE_EVENTS]),
    batchSize: z.number().int().min(1).max(100).default(50),
    active: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'ExportBody' });
export type ExportBody = z.infer<typeof exportBodySchema>;

export const exportPatchSchema = z
  .object({
    name: typedText(200),
    url: targetUrlSchema,
    contentTypes: z.array(contentTypeKeySchema).min(1).max(100),
    events: z.array(changeEventSchema).min(1),
    batchSize: z.number().int().min(1).max(100),
    active: z.boolean(),
  })
  .partial()
  .strict()
  .meta({ id: 'ExportPatch' });
export type ExportPatch = z.infer<typeof exportPatchSchema>;

interface StoredSecret {
  secret: string;
  createdAt: Date;
  /** Set on a secret that was replaced: it keeps signing beside the new one until then. */
  expiresAt: Date | null;
}

export interface LaneCounters {
  /** Deliveries numbered so far in the lane (1..formed exist). */
  formed: number;
  /** Deliveries 1..sent were answered with a 2xx. */
  sent: number;
}

/** A range of deliveries decided before they are written, so a run that dies is finished alike. */
export interface Forming {
  kind: 'log' | 'replay' | 'resync';
  /** Log and replay: the changes after `from` up to `to`; resync: `changes`. */
  from: number;
  to: number;
  formedBefore: number[];
  contentTypes: string[];
  events: string[];
  batchSize: number;
  /** Resync: the page's items as they were read (a second read could differ). */
  changes?: ChangeView[];
}

interface ReplayState {
  /** The changes after `next` up to `to` are still to be sent again. */
  next: number;
  to: number;
  requestedAt: Date;
}

export interface ResyncState {
  state: 'running' | 'done';
  startedAt: Date;
  finishedAt: Date | null;
  /** The content type being read, and the list cursor after the last item formed in it. */
  contentTypeIndex: number;
  after: string | null;
  itemsFormed: number;
  /**
   * Items of the content types when the resync began reading them: counted by the worker, never
   * under the request that asked for the resync; null until then.
   */
  itemsTotal: number | null;
  /**
   * The version a resync delivered of each item (`item`: contentType:identifier): older log
   * changes are stale. A list, not a map: identifiers are the senders', and may hold `$` or `.`.
   */
  floors: ResyncFloor[];
  floorsUntil: Date | null;
}

export interface ResyncFloor {
  item: string;
  version: number;
}

export interface ExportDocument {
  /** tenant:id */
  _id: string;
  tenant: string;
  id: string;
  name: string;
  url: string;
  contentTypes: string[];
  events: z.infer<typeof changeEventSchema>[];
  batchSize: number;
  state: ExportState;
  /** Why the service disabled it (a 410, failures for days); null otherwise. */
  disabledReason: string | null;
  secrets: StoredSecret[];
  cursor: number;
  lanes: LaneCounters[];
  forming: Forming | null;
  /** The first failure since the last success: days of only failures disable the export. */
  failingSince: Date | null;
  replay: ReplayState | null;
  resync: ResyncState | null;
  /** Its settings' revision: 1 when created, one more with each change (docs/settings.md#versions). */
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export const exportDocumentId = (tenant: string, id: string): string => documentId(tenant, id);

export const emptyLanes = (): LaneCounters[] =>
  Array.from({ length: LANE_COUNT }, () => ({ formed: 0, sent: 0 }));

export const exportViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    contentTypes: z.array(z.string()),
    events: z.array(changeEventSchema),
    batchSize: z.number().int(),
    active: z.boolean(),
    state: z.enum(EXPORT_STATES),
    disabledReason: z.string().nullable(),
    cursor: z.number().int().describe('The change `seq` up to which deliveries were formed'),
    pendingDeliveries: z.number().int().describe('Formed and not yet answered with a 2xx'),
    failingSince: z.string().nullable(),
    previousSecretExpiresAt: z
      .string()
      .nullable()
      .describe('During a rotation: until when the replaced secret still signs'),
    replay: z.object({ next: z.number().int(), to: z.number().int() }).nullable(),
    resync: z
      .object({
        state: z.enum(['running', 'done']),
        startedAt: z.string(),
        finishedAt: z.string().nullable(),
        itemsFormed: z.number().int(),
        itemsTotal: z
          .number()
          .int()
          .nullable()
          .describe(
            "Items of the export's content types when the resync began reading them; null until the worker has counted them",
          ),
      })
      .nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Export' });
export type ExportView = z.infer<typeof exportViewSchema>;

function pendingDeliveries(exp: Pick<ExportDocument, 'lanes'>): number {
  return exp.lanes.reduce((sum, lane) => sum + lane.formed - lane.sent, 0);
}

export function exportView(exp: ExportDocument, now = new Date()): ExportView {
  const previous = exp.secrets.find(
    (secret) => secret.expiresAt !== null && secret.expiresAt > now,
  );
  return {
    id: exp.id,
    name: exp.name,
    url: exp.url,
    contentTypes: exp.contentTypes,
    events: exp.events,
    batchSize: exp.batchSize,
    active: exp.state === 'active',
    state: exp.state,
    disabledReason: exp.disabledReason,
    cursor: exp.cursor,
    pendingDeliveries: pendingDeliveries(exp),
    failingSince: exp.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: previous?.expiresAt?.toISOString() ?? null,
    replay: exp.replay ? { next: exp.replay.next, to: exp.replay.to } : null,
    resync: exp.resync
      ? {
          state: exp.resync.state,
          startedAt: exp.resync.startedAt.toISOString(),
          finishedAt: exp.resync.finishedAt?.toISOString() ?? null,
          itemsFormed: exp.resync.itemsFormed,
          itemsTotal: exp.resync.itemsTotal,
        }
      : null,
    createdAt: exp.createdAt.toISOString(),
    updatedAt: exp.updatedAt.toISOString(),
  };
}

/** The secrets that sign now: the current one first, then any replaced one still in its window. */
export function signingSecrets(exp: Pick<ExportDocument, 'secrets'>, now = new Date()): string[] {
  return exp.secrets
    .filter((secret) => secret.expiresAt === null || secret.expiresAt > now)
    .map((secret) => secret.secret);
}
