/**
 * A bounded queue for work that must not take every thread of the process (password hashing, image processing):
 * at most `atOnce` tasks run, at most `waitingMax` wait their turn, and one more is refused at once with `busy()`
 * instead of being left to time out. A finished task (done or thrown) hands its slot to the next one waiting.
 */
export function boundedQueue({ atOnce, waitingMax, busy }: { atOnce: number; waitingMax: number; busy: () => Error }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= atOnce) {
        if (waiting.length >= waitingMax) throw busy();
        // The slot is handed over by the task before (running stays counted).
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Tasks running and waiting now (tests, the battery, health). */
    state: () => ({ running, waiting: waiting.length }),
  };
}
