/**
 * The time as the rules see it. Services and jobs read `clock.now()` instead of `new Date()`
 * so tests can move time forward (end by date, reminders, delayed publishing).
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test controls: it stands still until moved. */
export const createTestClock = (start = new Date()) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (d: Date) => {
      current = d.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
};
