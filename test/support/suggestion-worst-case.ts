/**
 * The largest suggestion work the limits allow: a content type of the most properties, each
 * with a long key and label, and a sample of the most paths, each of the most keys, all long,
 * every name sharing a word with every other and of the same length once the shared word is
 * left out (so no bound rules a pair out and every pair is merged and may be spelled).
 */
import { MAX_PROPERTIES } from '../../core/domain/content-type';
import type { ContentType } from '../../core/domain/content-type';
import { MAX_PATH_KEYS, MAX_SAMPLE_PATHS } from '../../core/settings/request-paths';

/** Three-letter words, all different: `aab`, `aac`, ... */
function word(seed: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return [seed / 676, seed / 26, seed].map((n) => letters[Math.floor(n) % 26]).join('');
}

function longName(seed: number, separator: string): string {
  return ['zzz', ...Array.from({ length: 40 }, (_, index) => word(seed * 41 + index))].join(
    separator,
  );
}

export function worstContentType(): ContentType {
  const at = new Date(0);
  return {
    key: 'products',
    name: 'Products',
    kind: 'product',
    revision: 1,
    properties: Array.from({ length: MAX_PROPERTIES }, (_, index) => ({
      key: longName(index, '_').slice(0, 64),
      label: longName(index + MAX_PROPERTIES, ' ').slice(0, 200),
      type: 'text' as const,
      multiple: false,
    })),
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * A sample of the most paths, as many as can be as deep as allowed: a chain of objects of
 * MAX_PATH_KEYS - 1 keys (paths too, of type object), under which every other path ends.
 */
export function worstSample(): Record<string, unknown> {
  const chain = Array.from({ length: MAX_PATH_KEYS - 1 }, (_, key) =>
    longName(3 * MAX_PROPERTIES + key, '_'),
  );
  const leaves = MAX_SAMPLE_PATHS - chain.length;
  const last = Object.fromEntries(
    Array.from({ length: leaves }, (_, index) => [longName(4 * MAX_PROPERTIES + index, '_'), 'x']),
  );
  return chain.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), last);
}
