/** What a password must be, in the words the console shows. Lengths count characters (code points). */
import { z } from 'zod';
import { codePointCount, fitsLength } from '../domain/typed-text';

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 1_000;

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
  .meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
