/** The bodies of sign-in and of accepting an invitation, shared by the routes and the OpenAPI document. */
import { z } from 'zod';
import { boundedText } from '../../core/domain/typed-text';
import { passwordSchema } from '../../core/auth/password-rule';
import { userBodySchema } from '../../core/auth/user';
import { tenantSlugSchema } from '../../core/domain/names';

export const signInBodySchema = z
  .strictObject({
    // Only what could name a user: anything else is refused before a sign-in is counted.
    tenant: tenantSlugSchema.describe('The tenant (account) the person belongs to'),
    email: userBodySchema.shape.email,
    password: boundedText(1_000).min(1),
  })
  .meta({ id: 'SignIn' });

export const signedInSchema = z
  .object({
    tenant: z.string(),
    user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }),
    endsAt: z.string().describe('When the session ends at the latest, however much it is used'),
  })
  .meta({ id: 'SignedIn' });

export const acceptInvitationBodySchema = z
  .strictObject({
    secret: z.string().min(1).max(200).describe('The secret of the invitation link'),
    password: passwordSchema,
  })
  .meta({ id: 'AcceptInvitation' });

export const acceptedInvitationSchema = z
  .object({ tenant: z.string(), email: z.string() })
  .meta({ id: 'AcceptedInvitation' });

export const invitationSchema = z
  .object({
    secret: z.string().describe('Shown once: the invitation link carries it'),
    link: z
      .string()
      .describe(
        'The whole link to hand the person: the console page that accepts it, at `PUBLIC_URL`',
      ),
    consolePath: z.string().describe('The console page that accepts it, below the service URL'),
    validUntil: z.string(),
  })
  .meta({ id: 'Invitation' });
