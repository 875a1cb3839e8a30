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
 *
 * The work is bounded: every name is made words once (as interned ids, sorted), so comparing a
 * path with a target is a merge of two short id lists; the edit distance, the one quadratic step,
 * runs only where its upper bound (from the lengths) could still place the target among the best
 * three, best bound first, at most MAX_SPELLINGS_PER_PATH times a path.
 */
import { z } from 'zod';
import type { ContentType } from '../domain/content-type';
import { mappingTargetSchema, type MappingTarget } from '../domain/funnel';
import { levenshtein } from './bounded-levenshtein';
import { MAX_SAMPLE_PATHS, requestPathSchema, type RequestPath } from './request-paths';
import { SYSTEM_FIELDS, type SystemField } from '../domain/system-fields';

/** Below this a guess is more noise than help. */
export const MIN_SCORE = 0.6;
export const MAX_SUGGESTIONS = 3;
/** A path counts for slightly less as a whole than by its own key. */
const WHOLE_PATH_WEIGHT = 0.9;
/** Longer names are cut: a name is a few words. */
const MAX_NAME_LENGTH = 64;
/** The edit distance is quadratic: the letters it compares are cut shorter still. */
const MAX_SPELLING_LENGTH = 32;
/** Words of a name compared; a name is a few words. */
const MAX_NAME_WORDS = 6;
/**
 * Edit distances worked out for one path, most promising first: this bounds the work whatever
 * the content type (hundreds of targets whose names all have the path's length).
 */
const MAX_SPELLINGS_PER_PATH = 16;
/** Bounds the work on a huge sample; later paths get no suggestions. */
export const MAX_SUGGESTED_PATHS = MAX_SAMPLE_PATHS;

/** Names senders commonly use for the system fields, beyond their keys and labels. */
const SYSTEM_ALIASES: Record<SystemField, readonly string[]> = {
  identifier: ['id', 'sku', 'code', 'key', 'ref'],
  name: ['title', 'label', 'heading'],
  image: ['img', 'picture', 'photo', 'thumbnail'],
  parent: ['parent id', 'parent code'],
};

const pathSuggestionSchema = z
  .object({
    target: mappingTargetSchema,
    label: z.string().meta({ description: 'The label errors of this target are keyed by' }),
    score: z.number().min(0).max(1).meta({ description: 'How alike the names are, 0 to 1' }),
  })
  .meta({ id: 'PathSuggestion' });
type PathSuggestion = z.infer<typeof pathSuggestionSchema>;

/** A path of the sample as `/paths` lists it: its JSON type and the targets it likely maps to. */
export const suggestedPathSchema = requestPathSchema.extend({
  suggestions: z.array(pathSuggestionSchema).meta({
    description: `Up to ${MAX_SUGGESTIONS} targets whose names are most like the path, best first`,
  }),
});
export type SuggestedPath = z.infer<typeof suggestedPathSchema>;

/** One name as words: in order (ids, with repeats), as a sorted set of ids, and their weight. */
interface Name {
  words: string[];
  list: number[];
  ids: Int32Array;
  /** Per id of `ids`, the letters of its words in `list`. */
  idLetters: Int32Array;
  letterCount: number;
  weight: number;
  /** The words run together, cut to MAX_SPELLING_LENGTH. */
  letters: string;
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
      .slice(0, MAX_NAME_WORDS)
      .map(singular)
  );
}

/** Words as numbers, and how many targets know each: a word's weight is 1 over that count. */
class Vocabulary {
  private readonly ids = new Map<string, number>();
  private readonly counts: number[] = [];

  id(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.counts.length;
      this.ids.set(word, id);
      this.counts.push(0);
    }
    return id;
  }

  countTarget(names: readonly Name[]): void {
    for (const id of new Set(names.flatMap((name) => [...name.ids]))) {
      this.counts[id] = (this.counts[id] ?? 0) + 1;
    }
  }

  private weights = new Float64Array(0);

  /** Once every target is counted: a word's weight is 1 over the targets known by it. */
  counted(): void {
    this.weights = Float64Array.from(this.counts, (count) => 1 / Math.max(1, count));
  }

  /** Words shared by many targets (`product` in every product label) tell little apart. */
  weight(id: number): number {
    return id < this.weights.length ? (this.weights[id] ?? 1) : 1;
  }

  name(text: string): Name {
    const words = nameWords(text);
    const list = words.map((word) => this.id(word));
    const ids = Int32Array.from(new Set(list)).sort();
    const idLetters = new Int32Array(ids.length);
    words.forEach((word, index) => {
      const at = ids.indexOf(list[index] ?? -1);
      idLetters[at] = (idLetters[at] ?? 0) + word.length;
    });
    const letters = words.join('');
    return {
      words,
      list,
      ids,
      idLetters,
      letterCount: letters.length,
      weight: 0,
      letters: letters.slice(0, MAX_SPELLING_LENGTH),
    };
  }

  /** Once every target is counted: the weights of a name's words. */
  weigh(name: Name): Name {
    let weight = 0;
    for (const id of name.ids) weight += this.weight(id);
    return { ...name, weight };
  }
}

/** Counts the steps of the comparison: name pairs, id merges, edit distance cells, sorting. */
export interface SuggestionWork {
  steps: number;
}

/**
 * The words of `a` that `b` lacks, run together. With no word shared, that is all of `a`, worked
 * out once; otherwise the few words are filtered here.
 */
function onlyIn(a: Name, b: Name, anyShared: boolean, work: SuggestionWork): string {
  if (!anyShared) return a.letters;
  work.steps += a.list.length * b.ids.length;
  const has = (id: number) => b.ids.includes(id);
  return a.words
    .filter((_, index) => !has(a.list[index] ?? -1))
    .join('')
    .slice(0, MAX_SPELLING_LENGTH);
}

function spellingOf(a: string, b: string, work: SuggestionWork): number {
  const { distance, cells } = levenshtein(a, b);
  work.steps += cells;
  return 1 - distance / Math.max(a.length, b.length);
}

interface Candidate {
  target: MappingTarget;
  label: string;
  names: Name[];
}

/** Every target of a content type, system fields first, with the names it is known by. */
function candidates(contentType: ContentType, vocabulary: Vocabulary): Candidate[] {
  const system = Object.entries(SYSTEM_FIELDS[contentType.kind]).map(([key, spec]) => {
    const field = key as SystemField;
    return {
      target: { system: field },
      label: spec.label,
      texts: [field, spec.label, ...SYSTEM_ALIASES[field]],
    };
  });
  const properties = contentType.properties.map((property) => ({
    target: { property: property.key },
    label: property.label,
    texts: [property.key, property.label],
  }));
  const all = [...system, ...properties].map(({ target, label, texts }) => {
    // Names of one target that make the same words (`releasedAt`, "Released At") count once.
    const names = new Map(
      texts.map((text) => vocabulary.name(text)).map((n) => [n.words.join(' '), n]),
    );
    return { target, label, names: [...names.values()] };
  });
  for (const { names } of all) vocabulary.countTarget(names);
  vocabulary.counted();
  return all.map((entry) => ({
    ...entry,
    names: entry.names.map((name) => vocabulary.weigh(name)),
  }));
}

/** An edit distance left to work out: its target, its two names and its best possible score. */
interface Pending {
  index: number;
  factor: number;
  overlap: number;
  view: Name;
  name: Name;
  anyShared: boolean;
  bound: number;
}

/**
 * The edit distances most worth working out for one path: the MAX_SPELLINGS_PER_PATH best
 * bounds, best first (the first found among equal ones). Worked out in that order, the rest
 * could only place targets under the third best score, so they are never needed.
 */
class Shortlist {
  readonly entries: Pending[] = [];

  /** Whether a distance of this bound would be kept: asked first, to allocate nothing else. */
  wants(bound: number): boolean {
    const { entries } = this;
    return (
      entries.length < MAX_SPELLINGS_PER_PATH || bound > (entries[entries.length - 1]?.bound ?? 0)
    );
  }

  offer(entry: Pending, work: SuggestionWork): void {
    const { entries } = this;
    let at = entries.length;
    while (at > 0 && (entries[at - 1]?.bound ?? 0) < entry.bound) {
      work.steps += 1;
      at -= 1;
    }
    entries.splice(at, 0, entry);
    if (entries.length > MAX_SPELLINGS_PER_PATH) entries.pop();
  }
}

/**
 * The targets of the best three scores so far. Scores only rise, so each rise updates it in
 * constant time; the third score is the floor a spelling must reach to matter.
 */
class Podium {
  private readonly top: { index: number; score: number }[] = [];

  raised(index: number, score: number): void {
    const place = this.top.find((entry) => entry.index === index);
    if (place) place.score = score;
    else if (this.top.length < MAX_SUGGESTIONS) this.top.push({ index, score });
    else if (score > this.floor()) this.top[this.top.length - 1] = { index, score };
    else return;
    this.top.sort((a, b) => b.score - a.score);
  }

  floor(): number {
    return this.top.length < MAX_SUGGESTIONS ? 0 : (this.top[this.top.length - 1]?.score ?? 0);
  }
}

/** Scores are shown in hundredths: a bound this close to the floor may still tie it. */
const ROUNDING = 0.005;

function suggest(
  path: string,
  targets: readonly Candidate[],
  vocabulary: Vocabulary,
  work: SuggestionWork,
): PathSuggestion[] {
  const keys = path.split('.').filter((key) => !/^\d+$/.test(key));
  const views = [
    { name: vocabulary.weigh(vocabulary.name(keys[keys.length - 1] ?? '')), factor: 1 },
  ];
  // A path of one key is its own last key: the whole-path view could only score less.
  if (keys.length > 1) {
    views.push({ name: vocabulary.weigh(vocabulary.name(path)), factor: WHOLE_PATH_WEIGHT });
  }
  const scores = new Float64Array(targets.length);
  const ties = new Float64Array(targets.length);
  const shortlist = new Shortlist();
  // Plain loops and locals: this runs for every pair of names, hundreds of thousands a request.
  let steps = 0;
  for (let index = 0; index < targets.length; index += 1) {
    const names = targets[index]?.names ?? [];
    for (const { name: view, factor } of views) {
      const viewIds = view.ids;
      const viewLetters = view.idLetters;
      for (const name of names) {
        steps += 1;
        const nameIds = name.ids;
        if (viewIds.length === 0 || nameIds.length === 0) continue;
        // The words both share: a merge of the two sorted id sets.
        let weight = 0;
        let lettersOfView = 0;
        let lettersOfName = 0;
        let i = 0;
        let j = 0;
        while (i < viewIds.length && j < nameIds.length) {
          steps += 1;
          const x = viewIds[i] ?? 0;
          const y = nameIds[j] ?? 0;
          if (x < y) i += 1;
          else if (x > y) j += 1;
          else {
            weight += vocabulary.weight(x);
            lettersOfView += viewLetters[i] ?? 0;
            lettersOfName += name.idLetters[j] ?? 0;
            i += 1;
            j += 1;
          }
        }
        const overlap = (2 * weight) / (view.weight + name.weight);
        if (factor * overlap > (scores[index] ?? 0)) scores[index] = factor * overlap;
        const a = Math.min(view.letterCount - lettersOfView, MAX_SPELLING_LENGTH);
        const b = Math.min(name.letterCount - lettersOfName, MAX_SPELLING_LENGTH);
        if (a === 0 || b === 0) continue;
        // The distance is at least the difference of the lengths.
        const bound = factor * (1 - Math.abs(a - b) / Math.max(a, b));
        if (bound < MIN_SCORE || !shortlist.wants(bound)) continue;
        const anyShared = weight > 0;
        shortlist.offer({ index, factor, overlap, view, name, anyShared, bound }, work);
      }
    }
  }
  work.steps += steps;
  const podium = new Podium();
  for (let index = 0; index < scores.length; index += 1) {
    const score = scores[index] ?? 0;
    if (score > podium.floor()) podium.raised(index, score);
  }
  work.steps += scores.length;
  for (const entry of shortlist.entries) {
    // Best bound first: once one cannot reach the third best score, none after it can.
    if (entry.bound + ROUNDING < podium.floor()) break;
    const a = onlyIn(entry.view, entry.name, entry.anyShared, work);
    const b = onlyIn(entry.name, entry.view, entry.anyShared, work);
    const spelling = spellingOf(a, b, work);
    const score = entry.factor * Math.max(entry.overlap, spelling);
    const tie = entry.factor * Math.min(entry.overlap, spelling);
    const current = scores[entry.index] ?? 0;
    if (score > current || (score === current && tie > (ties[entry.index] ?? 0))) {
      scores[entry.index] = score;
      ties[entry.index] = tie;
      podium.raised(entry.index, score);
    }
  }
  const suggested: (PathSuggestion & { tie: number })[] = [];
  for (let index = 0; index < targets.length; index += 1) {
    const score = Math.round((scores[index] ?? 0) * 100) / 100;
    const candidate = targets[index];
    if (score < MIN_SCORE || !candidate) continue;
    suggested.push({
      target: candidate.target,
      label: candidate.label,
      tie: ties[index] ?? 0,
      score,
    });
  }
  work.steps += targets.length;
  return suggested
    .sort((a, b) => b.score - a.score || b.tie - a.tie) // stable: else the content type's order
    .slice(0, MAX_SUGGESTIONS)
    .map(({ target, label, score }) => ({ target, label, score }));
}

/**
 * The paths of a sample, each with the targets of `contentType` it most likely maps to. Object
 * paths get none (an object is no field's value); nor do paths past MAX_SUGGESTED_PATHS.
 * `work` counts the comparison's steps.
 */
export function withSuggestions(
  paths: readonly RequestPath[],
  contentType: ContentType | undefined,
  work: SuggestionWork = { steps: 0 },
): SuggestedPath[] {
  const vocabulary = new Vocabulary();
  const targets = contentType ? candidates(contentType, vocabulary) : [];
  return paths.map((entry, index) => ({
    ...entry,
    suggestions:
      entry.type === 'object' || index >= MAX_SUGGESTED_PATHS || targets.length === 0
        ? []
        : suggest(entry.path, targets, vocabulary, work),
  }));
}
