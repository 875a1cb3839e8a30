/**
 * The operator's commands: the database's indexes, tenants, users and tokens, straight on
 * MongoDB. Loaded only when one of them runs, since they bring the storage layer that `push`, a
 * client of the HTTP API, needs none of.
 */
import type { Command } from 'commander';
import { registerBootstrapCommand } from './bootstrap.command';
import type { CliIo } from './cli-io';
import { registerIndexesCommand } from './indexes.command';
import { registerTokenCommands } from './token.command';
import { registerUserCommands } from './user.command';

export type RegisterCommands = (cli: Command, io: CliIo) => void;

export const registerAdminCommands: RegisterCommands = (cli, io) => {
  registerIndexesCommand(cli, io);
  registerBootstrapCommand(cli, io);
  registerUserCommands(cli, io);
  registerTokenCommands(cli, io);
};
