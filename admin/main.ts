/**
 * `npm run cli -- <command>` (`node dist/admin/main.js` once built): indexes, tenants, users and
 * tokens, on the same MongoDB as the API (MONGO_URL, JWT_SECRET). One file a command group;
 * run-cli.ts wires them.
 */
import { processIo } from './cli-io';
import { runCli } from './run-cli';

void runCli(process.argv.slice(2), processIo()).then((code) => {
  // exitCode, not exit(): stdout may still be draining into a pipe.
  process.exitCode = code;
});
