/**
 * Prints what the fuzzing step came to as one plain line, from the JSON reports that
 * scripts/fuzz-api.ts has Schemathesis write (one a run: the safe operations, then the
 * destructive ones), summed: "fuzz: 9480 cases, 0 failed (no failure)", or with the failures by
 * kind, "fuzz: 9480 cases, 3 failed: 2 ST202 Schema-valid request rejected, 1 ST103 Undocumented
 * status code; 1 error (exit code 1)". Schemathesis' own output, with its pytest-style banners,
 * stays in the log file CI keeps.
 * Usage: tsx scripts/ci/fuzz-summary.ts <report dir> <exit code>
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Report {
  test_cases: { generated: number; with_failures: number };
  failures: { code: string; title: string; count: number }[];
  errors: { title: string; count: number }[];
}

const [dir, exitCode = '0'] = process.argv.slice(2);
if (!dir) throw new Error('usage: fuzz-summary.ts <report dir> <exit code>');

const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
const reports = files.map(
  (name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Report,
);
let cases = 0;
let failed = 0;
let errors = 0;
const byKind = new Map<string, number>();
for (const report of reports) {
  cases += report.test_cases.generated;
  failed += report.test_cases.with_failures;
  for (const { code, title, count } of report.failures) {
    const kind = `${code} ${title}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + count);
  }
  errors += report.errors.reduce((sum, error) => sum + error.count, 0);
}

const kinds = [...byKind].sort(([, a], [, b]) => b - a).map(([kind, count]) => `${count} ${kind}`);
const outcome = exitCode === '0' ? 'no failure' : `exit code ${exitCode}`;
const line =
  reports.length === 0
    ? `fuzz: no report in ${dir} (${outcome})`
    : `fuzz: ${cases} cases, ${failed} failed` +
      (kinds.length > 0 ? `: ${kinds.join(', ')}` : '') +
      (errors > 0 ? `; ${errors} ${errors === 1 ? 'error' : 'errors'}` : '') +
      ` (${outcome})`;
process.stdout.write(`${line}\n`);
