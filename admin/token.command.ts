/**
 * `token create`, `token list`, `token revoke`. Only `create` prints a token string, once: the
 * store keeps ids and metadata, never the token.
 */
import type { Command } from 'commander';
import { z } from 'zod';
import { tokenBodySchema, tokenView, type TokenDocument } from '../core/auth/token-record';
import { signToken } from '../core/auth/token-signer';
import { ABILITIES } from '../core/auth/access';
import { CliError, EXIT } from './cli-error';
import type { CliIo } from './cli-io';
import { collect, parseInput, parseTenant, tenantOption } from './input';
import { emit, table } from './output';
import { requireTenant, withStore } from './runtime';

interface TokenCreateOptions {
  tenant: string;
  user: string;
  name: string;
  ability: string[];
  expires?: string;
  json?: boolean;
}

interface TokenListOptions {
  tenant: string;
  json?: boolean;
}

interface TokenRevokeOptions extends TokenListOptions {
  id: string;
}

const revokeSchema = z.object({
  ...tenantOption,
  id: z.string().trim().min(1, 'must not be empty').max(64),
});

/** A bare date means its midnight UTC; the API's schema wants a full ISO 8601 date-time. */
function expiresAt(value: string | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
}

function state(token: TokenDocument, now: Date): string {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt <= now) return 'expired';
  return 'active';
}

export function registerTokenCommands(program: Command, io: CliIo): void {
  const token = program.command('token').description('manage the API tokens of a tenant');

  token
    .command('create')
    .description('create a token for a user and print it (the only time it is shown)')
    .requiredOption('--tenant <slug>', 'the tenant')
    .requiredOption('--user <userId>', 'the user the token acts as')
    .requiredOption('--name <name>', 'what the token is for, e.g. "ERP nightly sync"')
    .requiredOption(
      '--ability <ability>',
      `${ABILITIES.join(', ')}; repeat or separate with commas`,
      collect,
    )
    .option('--expires <date>', 'ISO 8601 date-time or date (UTC midnight); default: never')
    .option('--json', 'print the token as POST /settings/tokens answers, `token` included')
    .action(async (options: TokenCreateOptions) => {
      const { tenant, ...body } = parseInput(
        tokenBodySchema.extend(tenantOption),
        {
          tenant: options.tenant,
          name: options.name,
          abilities: options.ability,
          userId: options.user,
          expiresAt: expiresAt(options.expires),
        },
        {
          tenant: '--tenant',
          name: '--name',
          abilities: '--ability',
          userId: '--user',
          expiresAt: '--expires',
        },
      );
      const userId = body.userId ?? options.user;
      const expires = body.expiresAt ? new Date(body.expiresAt) : null;
      const { record, secret } = await withStore(io, async ({ db, config, users, tokens }) => {
        await requireTenant(db, tenant);
        if (!(await users.find(tenant, userId))) {
          throw new CliError(EXIT.notFound, `--user: no user "${userId}" in tenant "${tenant}"`);
        }
        const fields = { userId, name: body.name, abilities: body.abilities, expiresAt: expires };
        return {
          record: await tokens.create(tenant, fields),
          secret: config.JWT_SECRET,
        };
      });
      const claims = { userId, tenant, tokenId: record._id, abilities: record.abilities };
      const signed = signToken(claims, secret, expires);
      const view = tokenView(record);
      emit(io.stdout, Boolean(options.json), { ...view, token: signed }, () => [
        `Token ${view.id} "${view.name}" created for user ${userId}.`,
        `  abilities  ${view.abilities.join(', ')}`,
        `  expires    ${view.expiresAt ?? 'never'}`,
        '',
        signed,
        '',
        'Keep this token now: it is not shown again.',
      ]);
    });

  token
    .command('list')
    .description('list the tokens of a tenant (ids and metadata; never the tokens themselves)')
    .requiredOption('--tenant <slug>', 'the tenant')
    .option('--json', 'print {"items":[...]} as GET /settings/tokens does')
    .action(async (options: TokenListOptions) => {
      const tenant = parseTenant(options.tenant);
      const tokens = await withStore(io, async ({ db, tokens: repository }) => {
        await requireTenant(db, tenant);
        return repository.list(tenant);
      });
      const now = new Date();
      emit(io.stdout, Boolean(options.json), { items: tokens.map(tokenView) }, () =>
        table(
          ['ID', 'NAME', 'ABILITIES', 'USER', 'STATE', 'CREATED', 'EXPIRES'],
          tokens.map((record) => [
            record._id,
            record.name,
            record.abilities.join(','),
            record.userId,
            state(record, now),
            record.createdAt.toISOString(),
            record.expiresAt?.toISOString() ?? 'never',
          ]),
        ),
      );
    });

  token
    .command('revoke')
    .description('revoke a token; every API process refuses it within a second')
    .requiredOption('--tenant <slug>', 'the tenant')
    .requiredOption('--id <tokenId>', 'the token id (see: token list)')
    .option('--json', 'print the revoked token')
    .action(async (options: TokenRevokeOptions) => {
      const { tenant, id } = parseInput(
        revokeSchema,
        { tenant: options.tenant, id: options.id },
        { tenant: '--tenant', id: '--id' },
      );
      const revoked = await withStore(io, async ({ db, tokens }) => {
        await requireTenant(db, tenant);
        const found = (await tokens.revoke(tenant, id)) ? await tokens.find(tenant, id) : null;
        if (!found)
          throw new CliError(EXIT.notFound, `--id: no token "${id}" in tenant "${tenant}"`);
        return found;
      });
      emit(io.stdout, Boolean(options.json), tokenView(revoked), () => [
        `Token ${revoked._id} "${revoked.name}" is revoked; the API refuses it within a second.`,
      ]);
    });
}
