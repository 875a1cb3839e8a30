/** Tokens for the console's tests, made through the settings API as an operator would. */
import type { TestApi } from '../../support/api-harness';

export interface Grant {
  permissions: string[];
  abilities: string[];
}

/** A new user of the tenant with `permissions`, and a token of theirs with `abilities`. */
export async function tokenWith(
  api: TestApi,
  ownerToken: string,
  name: string,
  grant: Grant,
): Promise<{ token: string; tokenId: string }> {
  const user = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
    token: ownerToken,
    body: { email: `${name}@console.test`, name, permissions: grant.permissions },
  });
  if (user.status !== 201)
    throw new Error(`POST user: ${user.status} ${JSON.stringify(user.body)}`);
  const made = await api.call<{ id: string; token: string }>('POST', '/api/v1/settings/tokens', {
    token: ownerToken,
    body: { name, abilities: grant.abilities, userId: user.body.id },
  });
  if (made.status !== 201)
    throw new Error(`POST token: ${made.status} ${JSON.stringify(made.body)}`);
  return { token: made.body.token, tokenId: made.body.id };
}
