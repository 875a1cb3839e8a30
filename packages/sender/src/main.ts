#!/usr/bin/env node
/** `funnel-sync <command>`: the package's `bin` (`npm run sender -- <command>` from the sources). */
import { processIo } from './cli-io';
import { runSenderCli } from './sender-cli';

void runSenderCli(process.argv.slice(2), processIo()).then((code) => {
  // exitCode, not exit(): stdout may still be draining into a pipe.
  process.exitCode = code;
});
