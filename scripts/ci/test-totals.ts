/**
 * Prints the tests CI ran as one plain line, "tests: N passed, N failed" (", N skipped" when
 * some were), from the JSON reports jest wrote. CI's reader does not parse jest's own summary,
 * and Schemathesis prints pytest-style banners that it would read as a run of no tests.
 * Usage: tsx scripts/ci/test-totals.ts report.json [report.json ...]
 */
import { readFileSync } from 'node:fs';

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as JestReport;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
