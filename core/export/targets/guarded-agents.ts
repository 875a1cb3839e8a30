/**
 * HTTP agents for deliveries: every new socket goes only to an address that passed the target
 * check. Host names are checked by the lookup; address literals (which sockets never look up)
 * are checked here before connecting.
 */
import http, { type ClientRequestArgs } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { checkedAddresses, type CheckOptions } from './checked-addresses';
import { guardedLookup } from './guarded-lookup';

type Created = (error: Error | null, socket: Duplex) => void;

function connectWhenChecked(
  options: ClientRequestArgs,
  check: CheckOptions,
  callback: Created | undefined,
  connect: (options: ClientRequestArgs) => Duplex | null | undefined,
): Duplex | null | undefined {
  const host = options.host ?? options.hostname ?? '';
  if (isIP(host) === 0) return connect(options);
  checkedAddresses(host, check).then(
    () => {
      const socket = connect(options);
      if (socket) callback?.(null, socket);
    },
    (error: Error) => callback?.(error, undefined as unknown as Duplex),
  );
  return undefined;
}

class GuardedHttpAgent extends http.Agent {
  constructor(
    private readonly check: CheckOptions,
    options: http.AgentOptions,
  ) {
    super({ ...options, lookup: guardedLookup(check) });
  }

  override createConnection(options: ClientRequestArgs, callback?: Created) {
    return connectWhenChecked(options, this.check, callback, (checked) =>
      super.createConnection(checked),
    );
  }
}

class GuardedHttpsAgent extends https.Agent {
  constructor(
    private readonly check: CheckOptions,
    options: https.AgentOptions,
  ) {
    super({ ...options, lookup: guardedLookup(check) });
  }

  override createConnection(options: ClientRequestArgs, callback?: Created) {
    return connectWhenChecked(options, this.check, callback, (checked) =>
      super.createConnection(checked),
    );
  }
}

export interface GuardedAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/** Plain http additionally needs every address inside a network the operator allowed. */
export function createGuardedAgents(
  check: Omit<CheckOptions, 'plainHttp'>,
  options: https.AgentOptions = {},
): GuardedAgents {
  const agents = {
    http: new GuardedHttpAgent({ ...check, plainHttp: true }, { keepAlive: true, ...options }),
    https: new GuardedHttpsAgent({ ...check, plainHttp: false }, { keepAlive: true, ...options }),
  };
  return {
    ...agents,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
