/**
 * `bootstrap`: a new tenant's first user (both permissions) and a token with all four abilities,
 * without which nobody could call the API. Run again, it reuses the tenant and the user and prints
 * a new token; for a deactivated user it prints none, since no call would take it.
 */
import type { Command } from 'commander';
import { bootstrapTenant, DeactivatedUserError } from '../core/auth/bootstrap';
import { userBodySchema } from '../core/auth/user';
import { ABILITIES } from '../core/auth/access';
import { invitationLink } from '../core/auth/invitation-link';
import { CliError, EXIT } from './cli-error';
import type { CliIo } from './cli-io';
import { parseInput, tenantOption } from './input';
import { emit } from './output';
import { withStore } from './runtime';

interface BootstrapOptions {
  tenant: string;
  email: string;
  json?: boolean;
}

const HOUR_MS = 3_600_000;

export function registerBootstrapCommand(program: Command, io: CliIo): void {
  program
    .command('bootstrap')
    .description(
      'create a tenant with a user that holds both permissions, and print a token with all ' +
        'four abilities; run again, it reuses both and prints a new token (not for a ' +
        'deactivated user: see user activate)',
    )
    .requiredOption('--tenant <slug>', 'tenant: 1-63 lower-case letters, digits or "-"')
    .requiredOption('--email <email>', "the first user's email (an existing user is reused)")
    .option('--json', 'print {"tenant","userId","tokenId","token","invitation"}')
    .action(async (options: BootstrapOptions) => {
      const { tenant, email } = parseInput(
        userBodySchema.pick({ email: true }).extend(tenantOption),
        { tenant: options.tenant, email: options.email },
        { tenant: '--tenant', email: '--email' },
      );
      const result = await withStore(io, async ({ config, db, invitations }) => {
        const made = await bootstrapTenant(db, config.JWT_SECRET, { tenant, email }).catch(
          (error: unknown) => {
            if (!(error instanceof DeactivatedUserError)) throw error;
            throw new CliError(
              EXIT.conflict,
              `${error.message}, so a token for it would not work; reactivate it with: ` +
                `npm run cli -- user activate --tenant ${tenant} --email ${error.email}` +
                ', then run bootstrap again',
            );
          },
        );
        // The person signs in to the console with a password this link sets.
        const validForMs = config.INVITATION_VALID_HOURS * HOUR_MS;
        const { secret, validUntil } = await invitations.create(
          made.tenant,
          made.userId,
          validForMs,
        );
        const link = invitationLink(config.PUBLIC_URL, secret);
        return { ...made, invitation: { link, validUntil: validUntil.toISOString() } };
      });
      const { userId, tokenId, token, permissions, invitation } = result;
      const printed = { tenant, userId, tokenId, token, invitation };
      emit(io.stdout, Boolean(options.json), printed, () => [
        `Tenant "${tenant}" is ready.`,
        `  user   ${userId} (${email.toLowerCase()}), permissions ${permissions.join(', ') || 'none'}`,
        `  token  ${tokenId}, abilities ${ABILITIES.join(', ')}, never expires`,
        '',
        token,
        '',
        'Keep this token now: it is not shown again. Send it as "Authorization: Bearer <token>".',
        '',
        `To sign in to the console with a password, open this link once (until ${invitation.validUntil}):`,
        invitation.link,
      ]);
    });
}
