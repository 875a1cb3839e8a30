/**
 * The queue that carries funnel requests (and their history records, chunks and sync commits)
 * from API processes to workers. The export has a queue of its own (docs/redis.md).
 */
export const FUNNEL_QUEUE = 'funnel-requests';
