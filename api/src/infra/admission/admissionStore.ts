/**
 * Admission to a scarce resource (an inference model's concurrent generations), shared by every API process when it
 * lives in Redis. A pool is one model. Its state:
 *
 * - `running`: the slots in use, at most `capacity`, each a lease with an end (a generation renews its lease while it
 *   streams; the lease of a process that died runs out and frees the slot);
 * - `waiting`: the entries waiting for a slot, ordered by a score the caller computes (smaller first; equal scores
 *   by entry id). An entry is a waiting-room ticket (`r:<user>`) or a generation turn (`t:<turn>`); each carries a
 *   deadline by which it must be seen again, else it leaves the line (a closed tab, a process that died);
 * - `access`: who was let in from the waiting room, and until when;
 * - `releases`: when slots were freed lately (the measured turn rate behind a wait estimate).
 *
 * Every operation is one atomic transition (one Lua script in Redis) that first settles the pool: it ends leases
 * that ran out, drops entries not seen in time, then lets the head of the line in while slots are free. A ticket
 * let in gets access for `accessMs` and a reservation: a slot held for `reserveMs`, which the user's first turn takes
 * over, so the slot that let them in is theirs when they send.
 *
 * Pure mechanism: who waits and in which order is the caller's (api/src/modules/chat/queue).
 */

export interface AdmissionPolicy {
  /** Concurrent generations of the pool. */
  capacity: number;
  /** How long access from the waiting room lasts. */
  accessMs: number;
  /** How long a slot is held for a user just let in from the waiting room. */
  reserveMs: number;
  /** A generation's lease; renewed while it streams. */
  turnLeaseMs: number;
  /** A waiting-room ticket not seen for this long leaves the line. */
  roomStaleMs: number;
  /** A waiting turn not polled for this long leaves the line. */
  turnStaleMs: number;
  /** How far back freed slots are counted for the turn rate. */
  rateWindowMs: number;
  /** How long an expired access is remembered (answered as expired rather than a new arrival). */
  expiredKeepMs: number;
}

/** The turn rate as measured: slots freed within the window, and the time from the oldest of them to now. */
export interface TurnRate {
  releases: number;
  spanMs: number;
}

export type RoomState =
  | { kind: 'access'; until: number }
  | { kind: 'expired' }
  | { kind: 'waiting'; position: number; rate: TurnRate };

export type TurnState = { kind: 'granted' } | { kind: 'waiting'; position: number } | { kind: 'lost' };

export interface AdmissionStore {
  /**
   * A visit to the waiting room: access when the user holds it; expired when it ran out (unless `refresh`, which
   * lines them up again); otherwise their place in line, joining at `score` when they had none (a place they hold
   * keeps its score) and seen now.
   */
  visit(pool: string, user: string, score: number, now: number, policy: AdmissionPolicy, refresh: boolean): Promise<RoomState>;
  /** The line as it stands (settled first): how many wait, the free slots, the measured rate. Joins nothing. */
  peek(pool: string, now: number, policy: AdmissionPolicy): Promise<{ waiting: number; free: number; rate: TurnRate }>;
  /** Leaves the line (a closed tab); access already given stays. */
  leave(pool: string, user: string, now: number, policy: AdmissionPolicy): Promise<void>;
  /** Whether the user holds live access. */
  hasAccess(pool: string, user: string, now: number): Promise<boolean>;
  /**
   * A generation asks for a slot: granted at once when the user holds a reservation or a slot is free and nobody is
   * ahead at `score`; otherwise it waits in line.
   */
  requestTurn(pool: string, turn: string, user: string | null, score: number, now: number, policy: AdmissionPolicy): Promise<TurnState>;
  /** A waiting turn asks again (and is seen): granted, still waiting, or lost (it stayed away too long). */
  pollTurn(pool: string, turn: string, now: number, policy: AdmissionPolicy): Promise<TurnState>;
  /** Extends a running turn's lease; false when it no longer holds a slot. */
  renewTurn(pool: string, turn: string, now: number, policy: AdmissionPolicy): Promise<boolean>;
  /** A turn ends (or gives up waiting): its slot is freed, or it leaves the line. */
  endTurn(pool: string, turn: string, now: number, policy: AdmissionPolicy): Promise<void>;
  /** A per-user note with an end (a character's bypass granted by a signed link). */
  setNote(key: string, value: string, until: number, now: number): Promise<void>;
  getNote(key: string, now: number): Promise<string | null>;
  close(): Promise<void>;
}

export const roomEntry = (user: string) => `r:${user}`;
export const turnEntry = (turn: string) => `t:${turn}`;
