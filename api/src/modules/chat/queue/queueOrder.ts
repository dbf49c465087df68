import type { Tier } from '@fable/contracts';

/**
 * Who goes first when the engine is saturated (document 1 §1 paid perks, §4 waiting queue; issue 25).
 *
 * Classes: premium (I'm All In) > paid (Get a Taste, True Supporter) > free members > guests.
 *
 * The rule: every entry of the line (a waiting-room ticket or a generation turn) has the score
 * `arrival time − HEAD_START[class]`, and the smallest score goes first. So
 * - within a class it is first come, first served (same head start, arrival order);
 * - a higher class goes ahead of a lower one that arrived less than the difference of their head starts before it
 *   (a premium turn passes the guests of the last 120 s, the free members of the last 100 s);
 * - nobody starves (aging): an entry waiting longer than the difference is ahead of every later arrival of any class,
 *   so a guest that arrived at t waits at most for what arrived before t + 120 s (premium), t + 60 s (paid),
 *   t + 20 s (free) or before it (guests): a bounded set, served at the engine's rate;
 * - when classes mix, each is served in proportion to what it brings (nothing is dropped for anyone), only earlier.
 */
export const QUEUE_CLASSES = ['premium', 'paid', 'free', 'guest'] as const;
export type QueueClass = (typeof QUEUE_CLASSES)[number];

export const HEAD_START_MS: Record<QueueClass, number> = {
  premium: 120_000,
  paid: 60_000,
  free: 20_000,
  guest: 0,
};

/** The longest a guest can be passed by later arrivals: the largest difference of head starts. */
export const AGING_BOUND_MS = HEAD_START_MS.premium - HEAD_START_MS.guest;

export function queueClassOf(who: { guest: true } | { tier: Tier }): QueueClass {
  if ('guest' in who) return 'guest';
  if (who.tier === 'premium') return 'premium';
  if (who.tier === 'free') return 'free';
  return 'paid';
}

/**
 * A turn of someone already chatting goes ahead of the waiting room's places that arrived up to 10 minutes before it:
 * access would mean little if the next message waited behind the newcomers. The waiting room therefore lets people
 * in only as fast as those chatting leave slots free, and a place waits at most for the turns sent within 10
 * minutes after it (plus the class head starts).
 */
export const TURN_HEAD_START_MS = 10 * 60_000;

/** A waiting-room place's score: smaller goes first. */
export const queueScore = (klass: QueueClass, arrivedAt: number): number => arrivedAt - HEAD_START_MS[klass];

/** A generation turn's score, in the same line. */
export const turnScore = (klass: QueueClass, sentAt: number): number => queueScore(klass, sentAt) - TURN_HEAD_START_MS;
