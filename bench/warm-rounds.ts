/**
 * How warm every measured process is: the floor process writes its body this many times before
 * its measured write (bench/floor.ts), and each worker runs the measured batch this many times
 * before its runs count (bench/warm-up.ts). V8 optimises a function by how often it has run, so
 * processes warmed unequally would compare their JIT's progress, not their work. Three rounds:
 * the workers' CPU for a 10,000-item batch stops falling after two or three (260, 200, 130, 120
 * ms on the first four here).
 */
export const WARM_ROUNDS = 3;
