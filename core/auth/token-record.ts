/**
 * The stored record of a token: its id and metadata. The token string itself is never stored;
 * it is shown once, at creation.
 */
import { z } from 'zod';
import { typedText } from '../domain/typed-text';
import { abilitySchema, type Ability } from './access';

export const tokenBodySchema = z.strictObject({
  name: typedText(200),
  abilities: z.array(abilitySchema).min(1).max(4),
  userId: z.string().min(1).max(64).optional(),
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) > Date.now(), 'must be in the future')
    .optional(),
});
export interface TokenDocument {
  _id: string;
  tenant: string;
  userId: string;
  name: string;
  abilities: Ability[];
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /**
   * The user whose console session made this token, directly or through a token made so; null
   * for one made otherwise (the command line, or a token that descends from none). That user's
   * new password revokes it (docs/access.md#tokens-made-in-a-session).
   */
  fromSessionOf: string | null;
}

export const tokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  abilities: z.array(abilitySchema),
  userId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});

export function tokenView(token: TokenDocument): z.infer<typeof tokenViewSchema> {
  return {
    id: token._id,
    name: token.name,
    abilities: [...new Set(token.abilities)],
    userId: token.userId,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  };
}
