/**
 * The two ways a push ends early, each with its exit status: the arguments or files were wrong
 * (nothing was sent), or the service stopped the run (unreachable after retries, 401, 403, ...).
 * Both are exit 2: the run could not finish.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export class RunStopped extends Error {
  override readonly name = 'RunStopped';
}
