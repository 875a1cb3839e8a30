/** Walking the errors an error wraps, to recognise a kind of failure however deep it sits. */

/** The error and the errors it wraps (`cause`), outermost first. */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current instanceof Error && chain.length < 10;) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}
