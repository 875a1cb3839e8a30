/** Everything below /api/v1. */
import { Router } from 'express';
import type { ApiContext } from '../context';
import { jsonBody } from '../middleware/json-body';
import { tokensRoutes } from './settings/tokens.routes';
import { usersRoutes } from './settings/users.routes';

export function v1Routes(context: ApiContext): Router {
  const settings = Router();
  settings.use(jsonBody);
  settings.use(usersRoutes(context));
  settings.use(tokensRoutes(context));

  const router = Router();
  router.use(settings);
  return router;
}
