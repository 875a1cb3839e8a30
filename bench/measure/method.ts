/**
 * How the product and the floor are measured alike, so that a ratio compares their work and not
 * the way each was measured (bench/README.md, "Method"). The floor process reads these too.
 */

/**
 * Unmeasured runs of the measured work that each process does first (the worker its batch, the
 * floor process its write): V8 optimises code by how often it has run, so processes warmed
 * unequally would compare their JIT's progress. A worker's CPU for 10,000 items stops falling
 * after two or three.
 */
export const WARM_ROUNDS = 3;

/**
 * Single items are warmed by count: a process's CPU a request keeps falling over its first
 * thousands. At 32 in flight ours fell from 3.4 ms to 1.3-1.4 ms over 3,000 requests, and the
 * floor's `insertOne` from 0.42 to 0.22 ms over 3,200, before either levelled off. Both are
 * measured after this many, at the concurrency they are measured at.
 */
export const WARM_SINGLE_ITEMS = 3_000;

/**
 * CPU is still counted this long after the last answer (the product's HTTP response, the floor's
 * last acknowledgement): the garbage a batch leaves is collected partly after it, and is its cost.
 */
export const SETTLE_MS = 100;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
