/**
 * Every read the API sends, by concept: what the index audit matches against SERVICE_INDEXES,
 * and what `scripts/read-plans/main.ts` asks an engine to explain (docs/storage.md#reads-and-their-indexes).
 */
import { AUTH_READ_SHAPES } from '../auth/auth-read-shapes';
import { CHANGE_READ_SHAPES } from '../changes/change-read-shapes';
import { EXPORT_READ_SHAPES } from '../export/export-read-shapes';
import { HISTORY_READ_SHAPES } from '../history/history-read-shapes';
import { ITEM_READ_SHAPES } from '../items/item-read-shapes';
import type { ReadShape } from '../mongo/read-shape';
import { SETTINGS_READ_SHAPES } from '../settings/settings-read-shapes';
import { REDRIVE_READ_SHAPES } from '../redrives/redrive-read-shapes';
import { SYNC_READ_SHAPES } from '../syncs/sync-read-shapes';
import type { Collections } from './collections';

export const SERVICE_READS: readonly ReadShape<keyof Collections>[] = [
  ...AUTH_READ_SHAPES,
  ...SETTINGS_READ_SHAPES,
  ...ITEM_READ_SHAPES,
  ...HISTORY_READ_SHAPES,
  ...CHANGE_READ_SHAPES,
  ...SYNC_READ_SHAPES,
  ...REDRIVE_READ_SHAPES,
  ...EXPORT_READ_SHAPES,
];
