/**
 * What a settings value must be, in the words a person reads beside a field: "is required",
 * "must be at most 200 characters", "must be one of: product, generic". Used as zod's error map
 * for settings bodies, so that no message of the validator itself ("Too small: expected string
 * to have >=1 characters") reaches a person. A schema's own message (a pattern said in words)
 * takes precedence over these.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

function tooSmall(issue: Issue & { code: 'too_small' }): string {
  const minimum = Number(issue.minimum);
  if (issue.origin === 'string')
    return minimum <= 1 ? 'is required' : `must be at least ${minimum} characters`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return minimum === 1 ? 'needs at least one entry' : `needs at least ${minimum} entries`;
  return issue.inclusive ? `must be at least ${minimum}` : `must be more than ${minimum}`;
}

function tooBig(issue: Issue & { code: 'too_big' }): string {
  const maximum = Number(issue.maximum);
  if (issue.origin === 'string') return `must be at most ${maximum} characters`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return `can have at most ${maximum} entries`;
  return issue.inclusive ? `must be at most ${maximum}` : `must be less than ${maximum}`;
}

const FORMATS: Record<string, string> = {
  url: 'must be a URL, such as https://example.com/hook',
  email: 'must be an email address',
  datetime: 'must be a date and time, such as 2026-01-31T12:00:00Z',
};

/** The predicate a field's label is followed by; undefined leaves zod's (never reached here). */
export function plainWords(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'is required';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${quoted(issue.values[0])}`
        : `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'is not written in a form this field takes';
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} it does not take: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not one of the forms this field takes';
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return 'is not valid here';
  }
}
