/** What a password must be, in the words the console shows. */
import { z } from 'zod';

const PASSWORD_MIN_LENGTH = 12;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `A password needs at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1_000, 'A password has at most 1000 characters');
