/** Waiting in tests: poll with a bound and a clear failure, never a fixed sleep. */
export { waitUntil, WaitTimeout } from '../../scripts/processes/wait-until';
