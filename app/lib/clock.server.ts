// The server's clock. Token lifetimes, the reading clock and the Seoul month all read it through `now()`, so tests
// can move time without waiting.
let source: () => number = () => Date.now();

export function now(): Date {
  return new Date(source());
}

export function nowMs(): number {
  return source();
}

/** Tests only: replace the clock (pass undefined to restore the real one). */
export function setClock(fn: (() => number) | undefined) {
  source = fn ?? (() => Date.now());
}
