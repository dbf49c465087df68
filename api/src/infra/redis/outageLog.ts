/**
 * A warning for Redis failures at most once per `everyMs`, with how many were left unsaid since the last: while Redis
 * is down every command fails, and a line for each would flood the log.
 */
export function outageWarning(warn: (err: Error, unsaid: number) => void, everyMs = 10_000, now: () => number = Date.now): (err: Error) => void {
  let lastAt = -Infinity;
  let unsaid = 0;
  return (err) => {
    if (now() - lastAt < everyMs) {
      unsaid += 1;
      return;
    }
    warn(err, unsaid);
    lastAt = now();
    unsaid = 0;
  };
}
