/**
 * What an update changed, as `change_diffs` keeps it: one document per change-log record that has
 * a diff, named after it (docs/changes.md#what-each-version-changed).
 */
import { documentId } from '../domain/names';
import type { ItemDiff } from '../items/item-diff';

export interface ChangeDiffDocument extends ItemDiff {
  /** tenant:seq, the record it belongs to. */
  _id: string;
  tenant: string;
  contentType: string;
  identifier: string;
  version: number;
  expiresAt: Date;
}

/** The `_id` of the diff of the tenant's record `seq`. */
export const diffIdOf = (tenant: string, seq: number): string => documentId(tenant, String(seq));
