/** A user of a tenant: the permissions its tokens act with. */
import { z } from 'zod';
import { typedText } from '../domain/typed-text';
import { permissionSchema, type Permission } from './access';
import { emailAddressSchema } from './email-address';

export const userBodySchema = z.strictObject({
  email: emailAddressSchema,
  name: typedText(200, { blank: true }).optional(),
  permissions: z.array(permissionSchema).max(2).default([]),
});
export type UserBody = z.infer<typeof userBodySchema>;

export const userPatchSchema = z.strictObject({
  name: typedText(200, { blank: true }).optional(),
  permissions: z.array(permissionSchema).max(2).optional(),
  active: z.boolean().optional(),
});

export interface UserDocument {
  _id: string;
  tenant: string;
  email: string;
  name: string | null;
  permissions: Permission[];
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The user as the API shows it. */
export const userViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  permissions: z.array(permissionSchema),
  active: z.boolean(),
  createdAt: z.string(),
});

export function userView(user: UserDocument): z.infer<typeof userViewSchema> {
  return {
    id: user._id,
    email: user.email,
    name: user.name,
    permissions: [...new Set(user.permissions)],
    active: user.active,
    createdAt: user.createdAt.toISOString(),
  };
}
