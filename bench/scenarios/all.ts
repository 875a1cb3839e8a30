/** The scenarios of `npm run bench`, in the order they run. */
import { batch } from './batch';
import { cluster } from './cluster';
import { commands } from './commands';
import { exportScenario } from './export';
import { growth } from './growth';
import { inFlight } from './in-flight';
import { latency } from './latency';
import { naive } from './naive';
import { noisyNeighbour } from './noisy-neighbour';
import { push } from './push';
import type { Scenario } from './scenario';
import { scaling } from './scaling';

export const SCENARIOS: readonly Scenario[] = [
  latency,
  commands,
  inFlight,
  batch,
  naive,
  growth,
  scaling,
  noisyNeighbour,
  exportScenario,
  cluster,
  push,
];
