/**
 * How often the process metrics sample the event loop's delay, in ms. prom-client's default of
 * 10 ms woke an idle process about 200 times a second, which cost it 3% of a core doing nothing
 * (bench/HISTORY.md); a sample every 100 ms still shows any delay that matters to a request.
 */
export const EVENT_LOOP_SAMPLING_MS = 100;
