/**
 * `GET /settings/me`: who the calling token is and what it may do, so that a client (the
 * console) can show what it may not do before a click is refused. Any valid token may ask;
 * the answer holds no secret (docs/access.md#who-am-i).
 */
import { Router } from 'express';
import { z } from 'zod';
import { abilitySchema, permissionSchema } from '../../../core/auth/access';
import type { ApiContext } from '../../context';
import { requireIdentity } from '../../middleware/require-access';
import { registerRoute } from '../../openapi/settings-paths';

const meSchema = z
  .object({
    tenant: z.string(),
    token: z.object({
      id: z.string(),
      name: z.string(),
      abilities: z.array(abilitySchema),
      expiresAt: z.string().nullable(),
    }),
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      permissions: z.array(permissionSchema),
    }),
  })
  .meta({ id: 'Me' });

registerRoute({
  method: 'get',
  path: '/settings/me',
  tags: ['Access'],
  access: 'any valid token',
  description:
    "The calling token's abilities and its user's permissions, with their names: what the " +
    'caller may do in the API. Never the token itself.',
  responses: {
    200: { description: 'The caller', content: { 'application/json': { schema: meSchema } } },
  },
});

export function meRoutes(context: ApiContext): Router {
  const router = Router();
  router.get('/settings/me', requireIdentity(context.auth), async (req, res) => {
    const { via, tenant, tokenId, userId, abilities, permissions } = req.principal;
    const [token, user] = await Promise.all([
      context.tokens.find(tenant, tokenId),
      context.users.find(tenant, userId),
    ]);
    const body: z.infer<typeof meSchema> = {
      tenant,
      token: {
        id: tokenId,
        // A console session is shown as a token of its own: every ability, its user's bounds.
        name: token?.name ?? (via === 'session' ? 'console session' : ''),
        abilities: [...new Set(abilities)],
        expiresAt: token?.expiresAt?.toISOString() ?? null,
      },
      user: {
        id: userId,
        email: user?.email ?? '',
        name: user?.name ?? null,
        permissions: [...new Set(permissions)],
      },
    };
    res.json(body);
  });
  return router;
}
