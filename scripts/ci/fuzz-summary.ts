/**
 * Prints what the fuzzing step came to as one plain line, "fuzz: N cases, N passed, N failed"
 * (summed over Schemathesis' runs), from the output that CI keeps in a file: Schemathesis'
 * pytest-style banners ("=== 2 warnings in 27.03s ===") would otherwise stand among the lines
 * CI reads for the tests' totals.
 * Usage: tsx scripts/ci/fuzz-summary.ts fuzz.log exit-code
 */
import { readFileSync } from 'node:fs';

const [file, exitCode = '0'] = process.argv.slice(2);
if (!file) throw new Error('usage: fuzz-summary.ts <fuzz.log> <exit code>');
const text = readFileSync(file, 'utf8');
const totals = { generated: 0, passed: 0, failed: 0 };
// Each run ends with "Test cases:" and a line such as "11767 generated, 11760 passed, 7 failed".
for (const match of text.matchAll(/Test cases:\s*\n\s*([^\n]+)/g)) {
  for (const [, count, kind] of (match[1] ?? '').matchAll(/(\d+) (generated|passed|failed)/g)) {
    totals[kind as keyof typeof totals] += Number(count);
  }
}
const outcome = exitCode === '0' ? 'no failure' : `exit code ${exitCode}`;
process.stdout.write(
  `fuzz: ${totals.generated} cases, ${totals.passed} passed, ${totals.failed} failed (${outcome})\n`,
);
