/**
 * How often the process metrics sample the event loop's delay, in ms. prom-client's default of
 * 10 ms kept an idle process waking up, at a cost bench/HISTORY.md gives ("Idle wake-ups"); a
 * sample every 100 ms still shows any delay that matters to a request.
 */
export const EVENT_LOOP_SAMPLING_MS = 100;
