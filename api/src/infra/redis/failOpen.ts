import { ReplyError } from 'ioredis';

/**
 * Runs Redis commands that fail open while Redis is unreachable (README "When Redis is down"): a command that could
 * not reach the server (connection refused or closed, not yet back) answers `fallback` and tells `onError`. An error
 * Redis itself answered (a wrong type, a script's failure) is a fault of ours and is thrown.
 */
export function failOpen(onError: (err: Error) => void) {
  return async <T>(command: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await command();
    } catch (err) {
      if (err instanceof ReplyError) throw err;
      onError(err as Error);
      return fallback;
    }
  };
}
