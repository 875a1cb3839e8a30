#!/usr/bin/env node
// The package's command runs the compiled sources: `npm pack` compiles them; in a clone of the
// repository, `npm run build:sender` does. This file exists before either, so that npm links it.
try {
  require('../dist/main.js');
} catch (error) {
  if (error.code !== 'MODULE_NOT_FOUND' || !String(error.message).includes('dist/main.js')) {
    throw error;
  }
  process.stderr.write('funnel-sync: not built yet; run `npm run build:sender` first\n');
  process.exitCode = 1;
}
