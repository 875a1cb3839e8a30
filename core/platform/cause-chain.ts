/** Walking the errors an error wraps, to recognise a kind of failure however deep it sits. */
import { types } from 'node:util';

/**
 * An error of any realm: Node's own errors (a Buffer's RangeError) are made in the main context,
 * where code run in a `vm` context (as under jest) does not see them as its `Error`.
 */
const isError = (value: unknown): value is Error =>
  value instanceof Error || types.isNativeError(value);

/** The error and the errors it wraps (`cause`), outermost first. */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; isError(current) && chain.length < 10;) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}
