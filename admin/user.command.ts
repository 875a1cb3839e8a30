/**
 * `user create`, `user list` and `user activate`: the users of a tenant, as the settings API
 * manages them. `activate` is how a deactivated user, the tenant's last admin too, comes back.
 */
import type { Command } from 'commander';
import { activateUser } from '../core/auth/activate-user';
import { userBodySchema, userView } from '../core/auth/user';
import { PERMISSIONS } from '../core/auth/access';
import { DuplicateError } from '../core/mongo/duplicate-key';
import { CliError, EXIT } from './cli-error';
import type { CliIo } from './cli-io';
import { collect, parseInput, parseTenant, tenantOption } from './input';
import { emit, table } from './output';
import { requireTenant, withStore } from './runtime';

interface UserCreateOptions {
  tenant: string;
  email: string;
  name?: string;
  permission?: string[];
  json?: boolean;
}

interface ListOptions {
  tenant: string;
  json?: boolean;
}

interface ActivateOptions extends ListOptions {
  email: string;
}

export function registerUserCommands(program: Command, io: CliIo): void {
  const user = program.command('user').description('manage the users of a tenant');

  user
    .command('create')
    .description('create a user; its tokens act with the permissions given here')
    .requiredOption('--tenant <slug>', 'the tenant')
    .requiredOption('--email <email>', 'email, unique in the tenant')
    .option('--name <name>', 'display name')
    .option(
      '--permission <permission>',
      `${PERMISSIONS.join(' or ')}; repeat for both (default: none)`,
      collect,
    )
    .option('--json', 'print the user as the API shows it')
    .action(async (options: UserCreateOptions) => {
      const { tenant, ...body } = parseInput(
        userBodySchema.extend(tenantOption),
        {
          tenant: options.tenant,
          email: options.email,
          name: options.name,
          permissions: options.permission ?? [],
        },
        { tenant: '--tenant', email: '--email', name: '--name', permissions: '--permission' },
      );
      const created = await withStore(io, async ({ db, users }) => {
        await requireTenant(db, tenant);
        try {
          return await users.create(tenant, body);
        } catch (error) {
          if (error instanceof DuplicateError) throw new CliError(EXIT.conflict, error.message);
          throw error;
        }
      });
      const view = userView(created);
      emit(io.stdout, Boolean(options.json), view, () => [
        `User ${view.id} created in tenant "${tenant}".`,
        `  email        ${view.email}`,
        `  name         ${view.name ?? '-'}`,
        `  permissions  ${view.permissions.join(', ') || 'none'}`,
      ]);
    });

  user
    .command('list')
    .description('list the users of a tenant')
    .requiredOption('--tenant <slug>', 'the tenant')
    .option('--json', 'print {"items":[...]} as the API does')
    .action(async (options: ListOptions) => {
      const tenant = parseTenant(options.tenant);
      const users = await withStore(io, async ({ db, users: repository }) => {
        await requireTenant(db, tenant);
        return repository.list(tenant);
      });
      const items = users.map(userView);
      emit(io.stdout, Boolean(options.json), { items }, () =>
        table(
          ['ID', 'EMAIL', 'NAME', 'PERMISSIONS', 'ACTIVE'],
          items.map((item) => [
            item.id,
            item.email,
            item.name ?? '-',
            item.permissions.join(',') || '-',
            item.active ? 'yes' : 'no',
          ]),
        ),
      );
    });
  user
    .command('activate')
    .description('activate a deactivated user again; its tokens work again within a second')
    .requiredOption('--tenant <slug>', 'the tenant')
    .requiredOption('--email <email>', 'the email of the user (see: user list)')
    .option('--json', 'print the user as the API shows it')
    .action(async (options: ActivateOptions) => {
      const { tenant, email } = parseInput(
        userBodySchema.pick({ email: true }).extend(tenantOption),
        { tenant: options.tenant, email: options.email },
        { tenant: '--tenant', email: '--email' },
      );
      const activation = await withStore(io, async ({ db, users, userTurns }) => {
        await requireTenant(db, tenant);
        const services = { users, turns: userTurns };
        const done = await activateUser(services, tenant, email);
        if (!done) {
          throw new CliError(
            EXIT.notFound,
            `--email: no user "${email.toLowerCase()}" in tenant "${tenant}"`,
          );
        }
        return done;
      });
      const view = userView(activation.user);
      emit(io.stdout, Boolean(options.json), view, () => [
        activation.wasActive
          ? `User ${view.id} (${view.email}) was active already; nothing changed.`
          : `User ${view.id} (${view.email}) is active again; its tokens work again within a second.`,
        `  permissions  ${view.permissions.join(', ') || 'none'}`,
      ]);
    });
}
