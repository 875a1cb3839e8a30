/**
 * A funnel's sample payload (`requestData`) and the source paths it offers to mappings, with
 * their JSON types. Keys are joined by dots; an array of objects is mapped over without an index,
 * so its elements' keys are listed below the array's own path (docs/settings.md#source-paths).
 */
import { z } from 'zod';

/** Deeper samples are refused: MongoDB nests documents at most 100 levels, and no sender needs it. */
export const MAX_SAMPLE_DEPTH = 32;
/**
 * A sample is one item or a few, to set a mapping up: these bound the work of listing its paths
 * and suggesting targets for them (each path is compared with every target of a content type).
 */
export const MAX_SAMPLE_BYTES = 64 * 1024;
export const MAX_SAMPLE_PATHS = 100;
/** Keys in one path (`a.b.c` has 3). */
export const MAX_PATH_KEYS = 10;

const jsonTypeSchema = z.enum(['string', 'number', 'boolean', 'null', 'object', 'array']);
type JsonType = z.infer<typeof jsonTypeSchema>;

export const requestPathSchema = z.object({ path: z.string(), type: jsonTypeSchema });
export type RequestPath = z.infer<typeof requestPathSchema>;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stops as soon as the limit is passed, so a hostile nesting cannot exhaust the stack. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const children = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : null;
  if (children === null) return false;
  if (limit === 0) return true;
  return children.some((child) => nestedDeeperThan(child, limit - 1));
}

/** Why a sample is too large to list its paths, or undefined when it is not. */
function sampleTooLarge(value: unknown): string | undefined {
  if (nestedDeeperThan(value, MAX_SAMPLE_DEPTH)) {
    return `must not be nested more than ${MAX_SAMPLE_DEPTH} levels deep`;
  }
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  if (bytes > MAX_SAMPLE_BYTES) {
    return `must be at most ${MAX_SAMPLE_BYTES} bytes of JSON (it has ${bytes}): one item or a few is enough`;
  }
  const { tooMany, tooDeep } = walk(value, MAX_SAMPLE_PATHS, MAX_PATH_KEYS);
  if (tooMany) return `must have at most ${MAX_SAMPLE_PATHS} distinct paths (it has more)`;
  if (tooDeep !== undefined) {
    return `must have paths of at most ${MAX_PATH_KEYS} keys ("${tooDeep.slice(0, 200)}" goes deeper)`;
  }
  return undefined;
}

/** What a funnel accepts as `requestData`: the shape of a POST body, an item or a list of items. */
export const requestDataSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))], {
    error: 'must be a JSON object or an array of objects',
  })
  .superRefine((value, context) => {
    const problem = sampleTooLarge(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'object';
  }
}

/** A key with a dot, or an empty one, cannot be written as a source path, so it is not offered. */
const isAddressable = (key: string) => key !== '' && !key.includes('.');

/**
 * Walks the objects that share one path prefix (one object, or every object element of an
 * array), depth first in the order keys first appear. A path's type is that of its first non-null
 * value, so a sample whose first item leaves a key `null` still says what the path holds.
 */
interface Walk {
  paths: RequestPath[];
  maxPaths: number;
  maxKeys: number;
  tooMany: boolean;
  /** The first path whose children were left out for having too many keys. */
  tooDeep?: string;
}

function collect(objects: JsonObject[], prefix: string, depth: number, walk: Walk) {
  if (depth > walk.maxKeys) {
    walk.tooDeep ??= prefix;
    return;
  }
  const found = walk.paths;
  const children = new Map<string, unknown[]>();
  for (const object of objects) {
    for (const [key, value] of Object.entries(object)) {
      if (!isAddressable(key)) continue;
      const values = children.get(key) ?? [];
      values.push(value);
      children.set(key, values);
    }
  }
  for (const [key, values] of children) {
    if (found.length >= walk.maxPaths) {
      walk.tooMany = true;
      return;
    }
    const path = prefix ? `${prefix}.${key}` : key;
    const type = values.map(jsonTypeOf).find((candidate) => candidate !== 'null') ?? 'null';
    found.push({ path, type });
    const nested = values.flatMap((value) =>
      Array.isArray(value) ? value.filter(isObject) : isObject(value) ? [value] : [],
    );
    if (nested.length > 0) collect(nested, path, depth + 1, walk);
  }
}

function walk(requestData: unknown, maxPaths: number, maxKeys: number): Walk {
  const items = Array.isArray(requestData) ? requestData : [requestData];
  const state: Walk = { paths: [], maxPaths, maxKeys, tooMany: false };
  collect(items.filter(isObject), '', 1, state);
  return state;
}

/**
 * The paths of a sample payload. A list of items is read as its items are: paths are relative
 * to an item, and the keys of all items are merged. Anything other than an object or a list
 * (no sample at all) offers no path. At most MAX_SAMPLE_PATHS, of at most MAX_PATH_KEYS keys:
 * a sample saved before these limits is listed up to them.
 */
export function requestPaths(requestData: unknown): RequestPath[] {
  return walk(requestData, MAX_SAMPLE_PATHS, MAX_PATH_KEYS).paths;
}
