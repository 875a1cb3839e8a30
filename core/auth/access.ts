/** What a token may do (abilities) and what its user may manage (permissions). */
import { z } from 'zod';

export const ABILITIES = ['read', 'create', 'update', 'delete'] as const;
export const abilitySchema = z.enum(ABILITIES);
export type Ability = z.infer<typeof abilitySchema>;

export const PERMISSIONS = ['manage_funnels', 'manage_settings'] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

/** What a route needs: a token ability and, for most routes, a user permission (docs/access.md). */
export interface AccessRequirement {
  ability: Ability;
  permission?: Permission;
}

/** Settings routes: the ability follows the HTTP method, so one rule covers every verb. */
export const ABILITY_BY_METHOD: Record<string, Ability> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};
