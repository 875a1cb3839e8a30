/**
 * `/settings/tokens`: create (the only answer that holds the token string), list without
 * secrets, revoke. Needs manage_settings. A new token carries at most the calling token's
 * abilities, and is made or revoked only for a user whose permissions the caller holds too (or
 * for the caller itself).
 */
import { Router } from 'express';
import { z } from 'zod';
import { signToken } from '../../../core/auth/token-signer';
import { tokenBodySchema, tokenView, tokenViewSchema } from '../../../core/auth/token-record';
import { revokeToken } from '../../../core/auth/revoke-token';
import type { ApiContext } from '../../context';
import { checkAbilitiesGrant, checkTokenOwner } from '../../http/grant-refusal';
import { userRefusal } from '../../http/user-refusal-answer';
import { parseSettingsOrThrow } from '../../http/settings-validation';
import { invalid } from '../../http/validate';
import { requireAccessByMethod } from '../../middleware/require-access';
import { registerSettingsPaths } from '../../openapi/settings-paths';

const createdTokenSchema = tokenViewSchema
  .extend({ token: z.string().describe('The token; shown this once only') })
  .meta({ id: 'CreatedToken' });

registerSettingsPaths({
  tag: 'Tokens',
  base: '/settings/tokens',
  idParam: 'id',
  permission: 'manage_settings',
  view: tokenViewSchema.meta({ id: 'Token' }),
  create: tokenBodySchema,
  created: createdTokenSchema,
  rules: 'a `userId` that names no user of the tenant, or an `expiresAt` not in the future',
  deleteMeans:
    "Revokes the token; it stops working on every API process within a second. A token made in a console session, or with a token made so, is also revoked when that session's user sets a new password. The caller's own tokens may always be revoked (revoking the one it calls with signs it out); another user's only when the calling user holds every permission of that user (otherwise 403, naming what it lacks).",
  grants:
    "Nobody grants what they do not hold: the new token's abilities must all be held by the calling token, and a token for another user (`userId`) is made only when the calling user holds every permission of that user. Otherwise 403, naming what cannot be granted. A `userId` that names no user of the tenant, or an `expiresAt` that is not in the future, is a 422.",
  only: ['create', 'list', 'delete'],
});

export function tokensRoutes(context: ApiContext): Router {
  const router = Router();
  router.use('/settings/tokens', requireAccessByMethod(context.auth, 'manage_settings'));

  router.post('/settings/tokens', async (req, res) => {
    const body = parseSettingsOrThrow(tokenBodySchema, req.body);
    const { tenant } = req.principal;
    const userId = body.userId ?? req.principal.userId;
    const user = await context.users.find(tenant, userId);
    if (!user) throw invalid({ userId: 'User: no such user in this tenant' });
    if (userId !== req.principal.userId) checkTokenOwner(req.principal, user.permissions);
    checkAbilitiesGrant(req.principal, body.abilities);
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    const record = await context.tokens.create(tenant, {
      userId,
      name: body.name,
      abilities: body.abilities,
      expiresAt,
      fromSessionOf: req.principal.fromSessionOf,
    });
    const token = signToken(
      { userId, tenant, tokenId: record._id, abilities: record.abilities },
      context.config.JWT_SECRET,
      expiresAt,
    );
    res.status(201).json({ ...tokenView(record), token });
  });

  router.get('/settings/tokens', async (req, res) => {
    const tokens = await context.tokens.list(req.principal.tenant);
    res.json({ items: tokens.map(tokenView), nextCursor: null });
  });

  router.delete('/settings/tokens/:id', async (req, res) => {
    const outcome = await revokeToken(context, req.principal, req.params.id);
    if ('refused' in outcome) {
      throw userRefusal(outcome.refused, "revoke this user's token", 'No such token');
    }
    res.status(204).end();
  });

  return router;
}
