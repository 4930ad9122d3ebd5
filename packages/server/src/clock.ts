/** The source of "now" for every rule that expires (PINs, bank transfers, checkout countdowns). Tests move it. */
export interface Clock {
  now(): Date;
  /** Moves time forward; used by tests and the non-production dev endpoint only. */
  advance(ms: number): void;
}

export function createClock(): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
