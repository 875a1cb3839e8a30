/** Which processor handles which job name. */
import { pingProcessor } from './ping.processor';
import type { ProcessorTable } from './processor';

export const PROCESSORS: ProcessorTable = {
  ping: pingProcessor,
};
