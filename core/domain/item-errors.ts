/** A request's validation errors: field label -> message, per item key (identifier, `[i]` or `_request`). */
import { z } from 'zod';

export const itemErrorsSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type ItemErrors = z.infer<typeof itemErrorsSchema>;
