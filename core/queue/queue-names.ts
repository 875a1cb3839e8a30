/** The one queue that carries funnel work from API processes to workers. */
export const FUNNEL_QUEUE = 'funnel-requests';
