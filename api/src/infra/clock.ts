/** The time, injectable so tests can move it (token and code expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand; starts at the real time. */
export function createManualClock(start: Date = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms) {
      t += ms;
    },
    set(date) {
      t = date.getTime();
    },
  };
}
