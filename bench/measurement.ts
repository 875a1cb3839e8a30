/**
 * How the product and the floor are measured alike, so that a ratio compares their work and not
 * the way each was measured.
 */

/**
 * Runs of the measured work each process does first, unmeasured: the floor process writes its
 * body this many times before its measured write (floor.ts), and each worker runs the measured
 * batch this many times before its runs count (warm-up.ts). V8 optimises a function by how often
 * it has run, so processes warmed unequally would compare their JIT's progress, not their work.
 * Three: a worker's CPU for a 10,000-item batch stops falling after two or three (260, 200, 130,
 * 120 ms on the first four here).
 */
export const WARM_ROUNDS = 3;

/**
 * How long after the last answer (the product's HTTP response, the floor's last write
 * acknowledgement) CPU time is still counted: the garbage a batch leaves is collected partly
 * after it (sweeping, the end of concurrent marking), and that is the batch's cost too. It adds
 * about 10 ms to the floor's 10,000-item write here.
 */
export const SETTLE_MS = 100;
