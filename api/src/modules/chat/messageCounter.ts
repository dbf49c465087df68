import type { Database } from '../../infra/db/database';
import { recordCharacterActivity } from '../leaderboard/characterActivity';
import { dayOf } from '../leaderboard/leaderboardMonth';

/**
 * Counts saved chat messages on their characters (characters.num_messages and the leaderboard's daily activity),
 * batched: every chat with a character updates that character's one row, so counting each message in its own
 * statement (or worse, in the message's transaction, holding the row lock) serialises all of a character's chats.
 * Counts are summed per character and day and written every `flushMs` in one short transaction per character.
 * `flushMs` 0 writes at once (tests read the counts right after a turn). A crash loses at most the last
 * `flushMs` of counts, never a message.
 */
export interface MessageCounter {
  /** Counts `n` messages; with flushMs 0 resolves once written, else at once (the write follows within flushMs). */
  add(characterId: string, at: Date, n?: number): Promise<void>;
  /** Writes what is pending (app close). */
  flush(): Promise<void>;
}

export function createMessageCounter(db: Database, options: { flushMs: number; onError: (err: unknown) => void }): MessageCounter {
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let waiting: Array<() => void> = [];

  async function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = pending;
    const done = waiting;
    pending = new Map();
    waiting = [];
    for (const [key, n] of batch) {
      const [characterId, day] = key.split('\n') as [string, string];
      try {
        await db.transaction(async (tx) => {
          await tx.query('update characters set num_messages = num_messages + $2 where id = $1', [characterId, n]);
          await recordCharacterActivity(tx, characterId, day, { messages: n });
        });
      } catch (err) {
        // A character deleted meanwhile: its counts have nowhere to go.
        options.onError(err);
      }
    }
    for (const resolve of done) resolve();
  }

  return {
    add(characterId, at, n = 1) {
      const key = `${characterId}\n${dayOf(at)}`;
      pending.set(key, (pending.get(key) ?? 0) + n);
      if (options.flushMs <= 0) {
        const written = new Promise<void>((resolve) => waiting.push(resolve));
        void flush();
        return written;
      }
      timer ??= setTimeout(() => void flush(), options.flushMs);
      return Promise.resolve();
    },
    flush,
  };
}
