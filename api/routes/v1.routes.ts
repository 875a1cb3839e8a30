/** Everything below /api/v1. */
import { Router } from 'express';
import type { ApiContext } from '../context';
import { jsonBody } from '../middleware/json-body';
import { readRateLimit } from '../middleware/read-rate-limit';
import { requireIdentity } from '../middleware/require-access';
import { changesRoutes } from './changes.routes';
import { funnelRequestsRoutes } from './funnel-requests.routes';
import { historyPayloadRoutes } from './history-payload.routes';
import { historyRejectedRoutes } from './history-rejected.routes';
import { historyRoutes } from './history.routes';
import { limitsRoutes } from './limits.routes';
import { redrivesRoutes } from './redrives.routes';
import { replayRoutes } from './replay.routes';
import { itemsRoutes } from './items.routes';
import { syncsRoutes } from './syncs.routes';
import { contentTypeSettingsRoutes } from './settings/content-types.routes';
import { exportsRoutes } from './settings/exports.routes';
import { funnelSettingsRoutes } from './settings/funnels.routes';
import { funnelPreviewRoutes } from './settings/funnel-preview.routes';
import { meRoutes } from './settings/me.routes';
import { suggestedPathsRoutes } from './settings/suggested-paths.routes';
import { tokensRoutes } from './settings/tokens.routes';
import { usersRoutes } from './settings/users.routes';
import { userInvitationRoutes } from './settings/user-invitation.routes';
import { sessionRoutes } from './session.routes';
import { invitationRoutes } from './invitation.routes';

export function v1Routes(context: ApiContext): Router {
  const settings = Router();
  // Settings bodies are small JSON, read only once the caller is known (each route then checks
  // what the caller may do); funnel routes read their own, larger bodies after the same check.
  settings.use('/settings', requireIdentity(context.auth), ...jsonBody);
  settings.use(meRoutes(context));
  settings.use(suggestedPathsRoutes(context));
  settings.use(funnelPreviewRoutes(context));
  settings.use(usersRoutes(context));
  settings.use(userInvitationRoutes(context));
  settings.use(tokensRoutes(context));
  settings.use(contentTypeSettingsRoutes(context));
  settings.use(funnelSettingsRoutes(context));
  settings.use(exportsRoutes(context));

  const router = Router();
  // First: a sender's requests are most of the traffic, and each router passed costs them time.
  router.use(funnelRequestsRoutes(context));
  // Every read below counts against its caller's read limit (funnel requests have their own).
  router.use(
    readRateLimit(
      context.auth,
      context.queue.redis,
      context.queue.keys,
      context.config.READ_RATE_LIMIT_PER_MINUTE,
    ),
  );
  // People's sign-in: no token, a body of its own.
  router.use(sessionRoutes(context));
  router.use(invitationRoutes(context));
  router.use(settings);
  router.use(itemsRoutes(context));
  router.use(historyRoutes(context));
  router.use(historyPayloadRoutes(context));
  router.use(historyRejectedRoutes(context));
  router.use(replayRoutes(context));
  router.use(redrivesRoutes(context));
  router.use(syncsRoutes(context));
  router.use(changesRoutes(context));
  router.use(limitsRoutes(context));
  return router;
}
