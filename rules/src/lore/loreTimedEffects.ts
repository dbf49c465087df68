import type { LoreSettings } from './loreSettings';

/**
 * Sticky, cooldown and delay (SillyTavern's timed effects), counted in messages as SillyTavern does: the "turn"
 * is the chat's length when the engine runs.
 *
 * - sticky n: after an entry activated afresh at turn a, it stays on while turn ≤ a + n, whatever its keys.
 * - cooldown n: it then cannot activate while turn ≤ a + sticky + n (left out as 'cooldown').
 * - delay n: it cannot activate before the chat has n messages (left out as 'cooldown').
 *
 * The turn an entry last activated comes from `LoreState` when the caller keeps one (advanceLoreState gives the
 * next one); otherwise it is replayed from the messages: the engine walks back over the last
 * 2 × (sticky + cooldown) + scan depth messages (at most MAX_REPLAY_MESSAGES) and finds the turns at which the
 * entry's keys were in the scanned window, applying its own sticky and cooldown as it goes. The replay sees keys
 * only: past probability rolls (taken as passed), inclusion groups, the budget and recursion are not replayed.
 */
export interface LoreState {
  /** The chat's length in messages at this run; default: the number of messages given to the engine. */
  turn?: number;
  /** Per entry id: the turn it last activated afresh (by its keys or as a constant, not carried by sticky). */
  activatedAt?: Readonly<Record<string, number>>;
}

export type TimedStatus = 'free' | 'sticky' | 'cooldown';

export const MAX_REPLAY_MESSAGES = 500;

/** Whether the entry is carried by sticky, held by cooldown or delay, or free to activate by its keys. */
export function timedStatus(settings: LoreSettings, turn: number, lastActivated: number | undefined): TimedStatus {
  if (turn < settings.delay) return 'cooldown';
  if (lastActivated === undefined || lastActivated >= turn) return 'free';
  const since = turn - lastActivated;
  if (since <= settings.sticky) return 'sticky';
  if (since <= settings.sticky + settings.cooldown) return 'cooldown';
  return 'free';
}

/** Whether the entry has a timed effect that depends on its past activations. */
export const hasTimedMemory = (settings: LoreSettings) => settings.sticky > 0 || settings.cooldown > 0;

/**
 * The turn (index into `messageCount` messages: turn t sees messages t − depth … t − 1) at which the entry last
 * activated afresh before `messageCount`, replayed from where its keys matched (`matchesMessage`, asked once per
 * message, newest last). Undefined when it did not within the replayed span.
 */
export function replayLastActivation(
  settings: LoreSettings,
  messageCount: number,
  depth: number,
  matchesMessage: (index: number) => boolean,
): number | undefined {
  const span = Math.min(MAX_REPLAY_MESSAGES, 2 * (settings.sticky + settings.cooldown) + depth);
  const first = Math.max(1, messageCount - span);
  let newestMatch = -Infinity;
  for (let p = Math.max(0, first - depth); p < first - 1; p += 1) if (settings.constant || matchesMessage(p)) newestMatch = p;
  let last: number | undefined;
  for (let t = first; t < messageCount; t += 1) {
    if (settings.constant || matchesMessage(t - 1)) newestMatch = t - 1;
    if (newestMatch >= t - depth && timedStatus(settings, t, last) === 'free') last = t;
  }
  return last;
}

/**
 * The state to keep after a run at `turn`: the entries that activated afresh (not carried by sticky) record the
 * turn. Entries whose effects ended long ago may be dropped by the caller; keeping them does no harm.
 */
export function advanceLoreState(
  previous: LoreState | undefined,
  activated: ReadonlyArray<{ entry: { id: string }; matched: string }>,
  turn: number,
): Required<LoreState> {
  const activatedAt = { ...previous?.activatedAt };
  for (const a of activated) if (a.matched !== STICKY_MATCH) activatedAt[a.entry.id] = turn;
  return { turn, activatedAt };
}

/** `matched` of an entry carried by sticky; constants say CONSTANT_MATCH. */
export const STICKY_MATCH = '(sticky)';
export const CONSTANT_MATCH = '(constant)';
