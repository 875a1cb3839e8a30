/**
 * `funnel-sync <command>`, through the package's `bin` (bin/funnel-sync.cjs); from the sources,
 * `npm run sender -- <command>`.
 */
import { processIo } from './cli-io';
import { runSenderCli } from './sender-cli';

void runSenderCli(process.argv.slice(2), processIo()).then((code) => {
  // exitCode, not exit(): stdout may still be draining into a pipe.
  process.exitCode = code;
});
