/**
 * `GET /settings/funnels/{url}/paths` on the worst case the limits allow (test/support/
 * suggestion-worst-case.ts): a content type of 500 properties with long names, a sample of 200
 * paths as deep as allowed. Times listing the paths and suggesting targets for them, which runs
 * on the API's event loop, over RUNS runs after WARM_UP unmeasured ones; prints the median wall
 * and CPU time, the slowest run, the load average (other processes inflate the wall time on a
 * shared machine) and the comparison's step count.
 * Run: npx tsx bench/path-suggestions.bench.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { withSuggestions, type SuggestionWork } from '../core/settings/path-suggestions';
import { requestPaths } from '../core/settings/request-paths';
import { worstContentType, worstSample } from '../test/support/suggestion-worst-case';
import { median } from './stats';

const WARM_UP = 5;
const RUNS = 20;

const contentType = worstContentType();
const sample = worstSample();
const times: number[] = [];
const cpuTimes: number[] = [];
let steps = 0;
for (let run = 0; run < WARM_UP + RUNS; run += 1) {
  const work: SuggestionWork = { steps: 0 };
  const started = performance.now();
  const cpu = process.cpuUsage();
  withSuggestions(requestPaths(sample), contentType, work);
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (run >= WARM_UP) {
    times.push(elapsed);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  steps = work.steps;
}
console.log(
  JSON.stringify({
    medianMs: Number(median(times).toFixed(1)),
    maxMs: Number(Math.max(...times).toFixed(1)),
    cpuMedianMs: Number(median(cpuTimes).toFixed(1)),
    loadAverage: os.loadavg()[0],
    steps,
  }),
);
