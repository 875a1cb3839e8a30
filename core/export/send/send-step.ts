/** What a step of a lane's send came to: one sent (go on), nothing to send, or wait until then. */
export type SendStep = { kind: 'sent' } | { kind: 'idle' } | { kind: 'wait'; until: Date };

export const SENT: SendStep = { kind: 'sent' };
export const IDLE: SendStep = { kind: 'idle' };
