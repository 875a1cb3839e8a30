/**
 * Suggested targets for the paths of a funnel's sample payload: for each path, the system fields
 * and properties of the content type whose names are most like it, so that setting up a mapping
 * starts from a good guess (`product_title` -> Product Name, `attrs.colour` -> Color).
 *
 * Names are compared as words: split at separators and camelCase, lower-cased, a plural `s`
 * dropped, array indexes left out. Two word lists score the higher of
 * - their overlap: the Dice coefficient of the two sets of words (2·shared / (|a| + |b|)), each
 *   word weighted 1 / the number of targets known by it (`product` is in every product label);
 * - their spelling: 1 - Levenshtein distance / longer length, of the words they do not share,
 *   run together;
 * so `product_name` ~ "Product Name", `colour` ~ `color` and `productname` ~ "Product Name".
 *
 * A path is compared by its last key (full score) and as a whole (0.9 of the score, so that
 * `images.url` ~ image), with each target's key, its label and, for system fields, a few usual
 * names (`sku`, `title`, ...); ties go to the target whose weaker measure is higher, then to the
 * content type's order (system fields first).
 * Scores under 0.6 are not suggested; at most 3 a path, best first.
 */
import { z } from 'zod';
import type { ContentType } from '../pipeline/content-type';
import { mappingTargetSchema, type MappingTarget } from '../pipeline/funnel';
import { requestPathSchema, type RequestPath } from './request-paths';
import { SYSTEM_FIELDS, type SystemField } from '../pipeline/system-fields';

/** Below this a guess is more noise than help. */
export const MIN_SCORE = 0.6;
export const MAX_SUGGESTIONS = 3;
/** A path counts for slightly less as a whole than by its own key. */
const WHOLE_PATH_WEIGHT = 0.9;
/** Longer names are cut: a name is a few words, and the edit distance is quadratic. */
const MAX_NAME_LENGTH = 64;
/** Bounds the work on a huge sample; later paths get no suggestions. */
export const MAX_SUGGESTED_PATHS = 1_000;

/** Names senders commonly use for the system fields, beyond their keys and labels. */
const SYSTEM_ALIASES: Record<SystemField, readonly string[]> = {
  identifier: ['id', 'sku', 'code', 'key', 'ref'],
  name: ['title', 'label', 'heading'],
  image: ['img', 'picture', 'photo', 'thumbnail'],
  parent: ['parent id', 'parent code'],
};

export const pathSuggestionSchema = z
  .object({
    target: mappingTargetSchema,
    label: z.string().meta({ description: 'The label errors of this target are keyed by' }),
    score: z.number().min(0).max(1).meta({ description: 'How alike the names are, 0 to 1' }),
  })
  .meta({ id: 'PathSuggestion' });
export type PathSuggestion = z.infer<typeof pathSuggestionSchema>;

/** A path of the sample as `/paths` lists it: its JSON type and the targets it likely maps to. */
export const suggestedPathSchema = requestPathSchema.extend({
  suggestions: z.array(pathSuggestionSchema).meta({
    description: `Up to ${MAX_SUGGESTIONS} targets whose names are most like the path, best first`,
  }),
});
export type SuggestedPath = z.infer<typeof suggestedPathSchema>;

/** One name as words, in order and as a set. */
interface Words {
  list: string[];
  set: Set<string>;
}

function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** `productImageURLs` -> product image url; `attrs.colour_code` -> attr colour code. */
export function nameWords(name: string): string[] {
  return (
    name
      .slice(0, MAX_NAME_LENGTH)
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      // An acronym before a word (`SKUCode`), but not an acronym's plural (`URLs`).
      .replace(/(\p{Lu}+)(\p{Lu}\p{Ll}{2,})/gu, '$1 $2')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '' && !/^\d+$/.test(word))
      .map(singular)
  );
}

function words(name: string): Words {
  const list = nameWords(name);
  return { list, set: new Set(list) };
}

/** Edit distance with two rows; both strings are short (MAX_NAME_LENGTH). */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** A word's weight: 1 over the number of targets known by it, so `product` counts little. */
type Weight = (word: string) => number;

/** Both measures of how alike two names are, each 0 to 1. */
interface Likeness {
  overlap: number;
  spelling: number;
}

/**
 * Overlap weighs the words both names share; spelling compares the words they do not share,
 * run together, so a shared `product` does not make `product_title` look like "Product Image",
 * while `colour` ~ `color` and `productname` ~ "Product Name" still match.
 */
function likeness(a: Words, b: Words, weight: Weight): Likeness {
  if (a.set.size === 0 || b.set.size === 0) return { overlap: 0, spelling: 0 };
  let shared = 0;
  let total = 0;
  for (const word of a.set) {
    total += weight(word);
    if (b.set.has(word)) shared += weight(word);
  }
  for (const word of b.set) total += weight(word);
  const onlyA = a.list.filter((word) => !b.set.has(word)).join('');
  const onlyB = b.list.filter((word) => !a.set.has(word)).join('');
  const longer = Math.max(onlyA.length, onlyB.length);
  const spelling = onlyA === '' || onlyB === '' ? 0 : 1 - levenshtein(onlyA, onlyB) / longer;
  return { overlap: (2 * shared) / total, spelling };
}

interface Candidate {
  target: MappingTarget;
  label: string;
  names: Words[];
}

/** Every target of a content type, system fields first, with the names it is known by. */
function candidates(contentType: ContentType): Candidate[] {
  const system = Object.entries(SYSTEM_FIELDS[contentType.kind]).map(([key, spec]) => {
    const field = key as SystemField;
    return {
      target: { system: field },
      label: spec.label,
      names: [field, spec.label, ...SYSTEM_ALIASES[field]].map(words),
    };
  });
  const properties = contentType.properties.map((property) => ({
    target: { property: property.key },
    label: property.label,
    names: [property.key, property.label].map(words),
  }));
  return [...system, ...properties];
}

/** Words shared by many targets (`product` in every product label) tell little apart. */
function wordWeights(targets: readonly Candidate[]): Weight {
  const counts = new Map<string, number>();
  for (const { names } of targets) {
    const all = new Set(names.flatMap((name) => [...name.set]));
    for (const word of all) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return (word) => 1 / (counts.get(word) ?? 1);
}

interface Scored extends PathSuggestion {
  /** The weaker measure, which breaks ties of the stronger. */
  tie: number;
}

function suggest(path: string, targets: readonly Candidate[], weight: Weight): PathSuggestion[] {
  const keys = path.split('.').filter((key) => !/^\d+$/.test(key));
  const views = [
    { words: words(keys[keys.length - 1] ?? ''), factor: 1 },
    { words: words(path), factor: WHOLE_PATH_WEIGHT },
  ];
  const scored: Scored[] = targets.map(({ target, label, names }) => {
    let best = { score: 0, tie: 0 };
    for (const view of views) {
      for (const name of names) {
        const { overlap, spelling } = likeness(view.words, name, weight);
        const score = view.factor * Math.max(overlap, spelling);
        const tie = view.factor * Math.min(overlap, spelling);
        if (score > best.score || (score === best.score && tie > best.tie)) best = { score, tie };
      }
    }
    return { target, label, ...best };
  });
  return scored
    .map((entry) => ({ ...entry, score: Math.round(entry.score * 100) / 100 }))
    .filter((entry) => entry.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || b.tie - a.tie) // stable: else the content type's order
    .slice(0, MAX_SUGGESTIONS)
    .map(({ target, label, score }) => ({ target, label, score }));
}

/**
 * The paths of a sample, each with the targets of `contentType` it most likely maps to. Object
 * paths get none (an object is no field's value); nor do paths past MAX_SUGGESTED_PATHS.
 */
export function withSuggestions(
  paths: readonly RequestPath[],
  contentType: ContentType | undefined,
): SuggestedPath[] {
  const targets = contentType ? candidates(contentType) : [];
  const weight = wordWeights(targets);
  return paths.map((entry, index) => ({
    ...entry,
    suggestions:
      entry.type === 'object' || index >= MAX_SUGGESTED_PATHS
        ? []
        : suggest(entry.path, targets, weight),
  }));
}
