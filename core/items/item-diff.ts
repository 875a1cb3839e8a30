/**
 * What an update changed, field by field: each field whose value differs (name, image, parent,
 * `properties.<key>`), with its value before and after. Bounded (docs/changes.md#what-each-version-changed):
 * a value whose JSON is over MAX_VALUE_BYTES is kept as the first MAX_VALUE_BYTES of that JSON,
 * marked cut; fields past MAX_DIFF_BYTES for the whole diff are only counted (`omitted`).
 */
import { z } from 'zod';
import { CONTENT_FIELDS, sameValue, type Content } from './item-content';

/** The most of one value's JSON kept, in UTF-8 bytes. */
export const MAX_VALUE_BYTES = 1024;
/** The most of one version's diff kept, in UTF-8 bytes of its fields' JSON. */
export const MAX_DIFF_BYTES = 16 * 1024;

export const fieldChangeSchema = z.object({
  field: z.string().describe('`name`, `image`, `parent`, or `properties.<key>` for a property'),
  before: z.unknown().describe('The value before (null: it had none)'),
  after: z.unknown().describe('The value after (null: it has none now)'),
  beforeCut: z
    .literal(true)
    .optional()
    .describe('Present when `before` was too large: it is then the beginning of its JSON text'),
  afterCut: z
    .literal(true)
    .optional()
    .describe('Present when `after` was too large: it is then the beginning of its JSON text'),
});
type FieldChange = z.infer<typeof fieldChangeSchema>;

export const itemDiffSchema = z.object({
  fields: z.array(fieldChangeSchema),
  omitted: z
    .number()
    .int()
    .nonnegative()
    .describe('How many more fields changed than are listed: past the bound of one version'),
});
export type ItemDiff = z.infer<typeof itemDiffSchema>;

const utf8 = new TextEncoder();
const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/** A value as kept: itself, or the beginning of its JSON when that is too long. */
function bounded(value: unknown): { value: unknown; cut: boolean; bytes: number } {
  const json = JSON.stringify(value) ?? 'null';
  const bytes = byteLength(json);
  if (bytes <= MAX_VALUE_BYTES) return { value, cut: false, bytes };
  // encodeInto never splits a character: `read` ends on a whole one.
  const { read } = utf8.encodeInto(json, new Uint8Array(MAX_VALUE_BYTES));
  const kept = json.slice(0, read);
  return { value: kept, cut: true, bytes: byteLength(JSON.stringify(kept)) };
}

function fieldChange(field: string, before: unknown, after: unknown): [FieldChange, number] {
  const was = bounded(before);
  const is = bounded(after);
  const change: FieldChange = {
    field,
    before: was.value,
    after: is.value,
    ...(was.cut ? { beforeCut: true as const } : {}),
    ...(is.cut ? { afterCut: true as const } : {}),
  };
  // The field's name and the values, as the JSON of the change counts them (the rest is small).
  return [change, byteLength(field) + was.bytes + is.bytes];
}

/** The fields whose values differ, system fields first, then properties by key. */
function changedFields(before: Content, after: Content): [string, unknown, unknown][] {
  const changed: [string, unknown, unknown][] = [];
  for (const field of CONTENT_FIELDS) {
    const [was, is] = [before[field] ?? null, after[field] ?? null];
    if (!sameValue(was, is)) changed.push([field, was, is]);
  }
  const wasProperties = before.properties ?? {};
  const isProperties = after.properties ?? {};
  const keys = new Set([...Object.keys(wasProperties), ...Object.keys(isProperties)]);
  for (const key of [...keys].sort()) {
    const [was, is] = [wasProperties[key] ?? null, isProperties[key] ?? null];
    if (!sameValue(was, is)) changed.push([`properties.${key}`, was, is]);
  }
  return changed;
}

/** What changed from `before` to `after`, within the bounds. */
export function itemDiff(before: Content, after: Content): ItemDiff {
  const fields: FieldChange[] = [];
  let bytes = 0;
  let omitted = 0;
  for (const [field, was, is] of changedFields(before, after)) {
    const [change, size] = fieldChange(field, was, is);
    if (omitted > 0 || bytes + size > MAX_DIFF_BYTES) {
      omitted += 1;
      continue;
    }
    fields.push(change);
    bytes += size;
  }
  return { fields, omitted };
}
