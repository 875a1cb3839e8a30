/**
 * Value transforms of a mapping: small steps, applied in the order listed, that tidy the value
 * read from the sender's path before it is checked against its target (value-validators.ts).
 * Senders rarely send exactly the types a content type wants; these cover the usual gaps
 * (`" Red "`, `"12.5"`, `"a, b, c"`, a missing value) without a custom step in front of the API.
 *
 * Rules that hold for every step:
 * - a missing value, `null` and `""` mean "no value": only `default` acts on them; every other
 *   step leaves them as they are, so the optional and required rules apply as without transforms;
 * - `trim`, `lowercase`, `uppercase` and `number` act on a string, and on each element of an
 *   array (one level: a path over an array of objects gives one); `split` and `default` take an
 *   array as it is;
 * - a value a step does not apply to is left as it is, for the validator to judge, except that
 *   `number` fails on what it cannot read as a number rather than let a wrong value through.
 *
 * Pure, and never throws on JSON input.
 */
import { z } from 'zod';
import { boundedText } from './typed-text';
import { MESSAGES } from './messages';
import type { PathRead } from './path-reader';
import { ValueProblem } from './value-validators';

/** Enough for any sensible chain; bounds the work per value. */
const MAX_TRANSFORMS = 20;
/** A separator is a few characters: `,`, `;`, ` | `. */
const MAX_SEPARATOR_LENGTH = 16;
/** A default is a field's value, not a document: its strings and lists stay small. */
const MAX_DEFAULT_TEXT = 1_000;
const MAX_DEFAULT_LIST = 100;

const defaultScalar = z.union([boundedText(MAX_DEFAULT_TEXT), z.number(), z.boolean()]);

const trimSchema = z.strictObject({ op: z.literal('trim') }).meta({
  id: 'TrimTransform',
  description:
    'Removes white space at both ends of a string, or of each string of an array. Other values ' +
    'are left as they are.',
});
const lowercaseSchema = z.strictObject({ op: z.literal('lowercase') }).meta({
  id: 'LowercaseTransform',
  description:
    'Lower-cases a string, or each string of an array (locale-independent). Other values are ' +
    'left as they are.',
});
const uppercaseSchema = z.strictObject({ op: z.literal('uppercase') }).meta({
  id: 'UppercaseTransform',
  description:
    'Upper-cases a string, or each string of an array (locale-independent). Other values are ' +
    'left as they are.',
});
const numberSchema = z.strictObject({ op: z.literal('number') }).meta({
  id: 'NumberTransform',
  description:
    'Reads a string as a decimal number: optional sign, digits, a dot for decimals, an optional ' +
    'exponent (`" 12.5 "`, `"-3"`, `"1e3"`); white space around it is ignored, and a string of ' +
    'white space only is no value. A number stays as it is; an array has each element read. ' +
    'Anything else (`"12,5"`, `"abc"`, `true`, an object, a number too large to be finite) ' +
    'fails the item under the field.',
});
const splitSchema = z
  .strictObject({
    op: z.literal('split'),
    separator: boundedText(MAX_SEPARATOR_LENGTH).min(1).meta({ example: ',' }),
  })
  .meta({
    id: 'SplitTransform',
    description:
      'Splits a string at each `separator` into an array of its parts, each trimmed of white ' +
      'space, empty parts left out (`"red, green,,blue"` gives `["red","green","blue"]`). Other ' +
      'values, arrays included, are left as they are.',
  });
const defaultSchema = z
  .strictObject({
    op: z.literal('default'),
    value: z.union([defaultScalar, z.array(defaultScalar).max(MAX_DEFAULT_LIST)], {
      error: 'must be a string, a number, true or false, or an array of them',
    }),
  })
  .meta({
    id: 'DefaultTransform',
    description:
      'Gives `value` when there is no value: the path is missing, or its value is `null` or ' +
      '`""`. Later steps apply to it as to a value sent. With a default, a sender cannot clear ' +
      'the field. The value must suit the target once the later steps have run (checked when ' +
      'the funnel is saved); the identifier mapping cannot have one.',
  });

const TRANSFORM_OPS = ['trim', 'lowercase', 'uppercase', 'number', 'split', 'default'] as const;

export const transformSchema = z
  .discriminatedUnion(
    'op',
    [trimSchema, lowercaseSchema, uppercaseSchema, numberSchema, splitSchema, defaultSchema],
    { error: `must be one of: ${TRANSFORM_OPS.join(', ')}` },
  )
  .meta({ id: 'ValueTransform', description: 'One step applied to a mapped value.' });
export type Transform = z.infer<typeof transformSchema>;

export const transformsSchema = z
  .array(transformSchema)
  .max(MAX_TRANSFORMS)
  .meta({
    description:
      'Steps applied in order to the value read from `source`, before it is checked against ' +
      'the target.',
    example: [{ op: 'trim' }, { op: 'split', separator: ',' }],
  });

export type TransformResult = { ok: true; read: PathRead } | { ok: false; message: string };

/** Whether a read carries a value: not missing, `null` or `""`, which only `default` fills. */
export function hasValue(read: PathRead): read is { found: true; value: unknown } {
  return read.found && read.value !== null && read.value !== '';
}

/** `change` on a string, or on each string element of an array; anything else as it is. */
function onStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) {
    return value.map((element: unknown) =>
      typeof element === 'string' ? change(element) : element,
    );
  }
  return value;
}

// Made once, not per value.
const trim = (text: string): string => text.trim();
const lowercase = (text: string): string => text.toLowerCase();
const uppercase = (text: string): string => text.toUpperCase();

/** A decimal number as people write it in JSON or a spreadsheet cell, without thousands marks. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** One value to a finite number, or why not. */
function toNumber(value: unknown): number | ValueProblem {
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? value
      : new ValueProblem(MESSAGES.numberNotFinite(String(value)));
  }
  if (typeof value !== 'string') return new ValueProblem(MESSAGES.expectedNumeric);
  const text = value.trim();
  if (!DECIMAL.test(text)) return new ValueProblem(MESSAGES.notNumeric(value));
  const number = Number(text);
  return Number.isFinite(number) ? number : new ValueProblem(MESSAGES.numberNotFinite(text));
}

function numberStep(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() === '') return '';
  if (!Array.isArray(value)) return toNumber(value);
  const numbers: number[] = [];
  for (const [index, element] of value.entries()) {
    const result = toNumber(element);
    if (result instanceof ValueProblem) {
      return new ValueProblem(MESSAGES.atPosition(index, result.message));
    }
    numbers.push(result);
  }
  return numbers;
}

function splitStep(value: unknown, separator: string): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * One step on a value (not missing, `null` or `""`): the new value, or the ValueProblem the item
 * fails with (no JSON value is one, so the common case needs no result object).
 */
function applyToValue(transform: Exclude<Transform, { op: 'default' }>, value: unknown): unknown {
  switch (transform.op) {
    case 'trim':
      return onStrings(value, trim);
    case 'lowercase':
      return onStrings(value, lowercase);
    case 'uppercase':
      return onStrings(value, uppercase);
    case 'number':
      return numberStep(value);
    case 'split':
      return splitStep(value, transform.separator);
  }
}

/**
 * Applies `transforms` in order to what was read from a mapping's source path. Gives the read
 * the mapper goes on with (still "not found" when nothing gave it a value), or the message the
 * item fails with under the field's label. No transforms: the read as it is.
 */
export function applyTransforms(
  transforms: readonly Transform[] | undefined,
  read: PathRead,
): TransformResult {
  if (transforms === undefined || transforms.length === 0) return { ok: true, read };
  // The read so far, kept in two variables: a new PathRead is made once, at the end.
  let found = read.found;
  let value = read.found ? read.value : undefined;
  let changed = false;
  for (const transform of transforms) {
    const present = found && value !== null && value !== '';
    if (transform.op === 'default') {
      if (!present) {
        // A copy: the funnel's list must not be shared with, or changed through, an item.
        value = Array.isArray(transform.value) ? [...transform.value] : transform.value;
        found = true;
        changed = true;
      }
      continue;
    }
    if (!present) continue;
    const result = applyToValue(transform, value);
    if (result instanceof ValueProblem) return { ok: false, message: result.message };
    value = result;
    changed = true;
  }
  return { ok: true, read: changed ? { found: true, value } : read };
}
