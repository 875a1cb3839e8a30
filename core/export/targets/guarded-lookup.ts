/**
 * A `lookup` for sockets that resolves a host, checks every address and hands the socket only
 * checked ones: the check runs at every connection, so a name that changes its answer after
 * the export was saved (DNS rebinding) is refused all the same.
 */
import type { LookupFunction } from 'node:net';
import { checkedAddresses, type CheckOptions } from './checked-addresses';

function familyOf(option: number | string | undefined): 0 | 4 | 6 {
  if (option === 4 || option === 'IPv4') return 4;
  if (option === 6 || option === 'IPv6') return 6;
  return 0;
}

export function guardedLookup(check: CheckOptions): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, check).then(
      (addresses) => {
        const family = familyOf(options.family);
        const usable = addresses.filter((entry) => family === 0 || entry.family === family);
        const first = usable[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`No IPv${family} address for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, ''),
    );
  };
}
