/**
 * What a password must be, in the words the console shows (docs/access.md#passwords): long enough,
 * not made of a few characters repeated, and not one of the commonest long passwords. No mix of
 * character kinds is asked for: length is what makes a password hard to guess. Lengths count
 * characters (code points).
 */
import { z } from 'zod';
import { codePointCount, fitsLength } from '../domain/typed-text';
import { isCommonPassword } from './common-passwords';

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 1_000;
/** Fewer different characters than this, white space aside, is a repetition ("abababababab"). */
const PASSWORD_MIN_DISTINCT = 5;

/** The different characters of the password that are not white space. */
function distinctVisible(text: string): number {
  return new Set(Array.from(text.replace(/\s/gu, ''))).size;
}

export const passwordSchema = z
  .string()
  .refine(
    (text) => fitsLength(text, PASSWORD_MAX_LENGTH),
    `A password has at most ${PASSWORD_MAX_LENGTH} characters`,
  )
  .refine(
    (text) => codePointCount(text) >= PASSWORD_MIN_LENGTH,
    `A password needs at least ${PASSWORD_MIN_LENGTH} characters`,
  )
  .refine(
    (text) => distinctVisible(text) >= PASSWORD_MIN_DISTINCT,
    `A password needs at least ${PASSWORD_MIN_DISTINCT} different characters besides spaces`,
  )
  .refine(
    (text) => !isCommonPassword(text),
    'This password is among the most common ones: choose another',
  )
  .meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
