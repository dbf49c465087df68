import { QUEUE_LIMITS, type QueueOutlook, type WaitingQueue } from '@fable/contracts';
import type { Caller } from '../../../http/access';
import type { AdmissionPolicy, AdmissionStore, RoomState } from '../../../infra/admission/admissionStore';
import { cachedJson, type Cache } from '../../../infra/cache/cache';
import type { Clock } from '../../../infra/clock';
import type { Database } from '../../../infra/db/database';
import type { ModelRegistry, OfferedModel } from '../../../infra/inference/models';
import { findAppSettings } from '../../settings/appSettingsRepository';
import { chooseModel, modelChooserOf, planMemberOf } from '../turnModel';
import { checkBypass } from './bypassLinks';
import type { QueueTimings } from './queuePolicy';
import { queueClassOf, queueScore, type QueueClass } from './queueOrder';

/**
 * The waiting room (document 1 §4 "Waiting queue", §7 GET queue; issue 25): who waits, their place and the honest
 * estimate, and the check a chat turn makes. The line itself is the admission store's (infra/admission).
 *
 * Who waits: guests and free members. Never: members with skip_waiting_room (Get a Taste and up), premium, partner
 * sites, the one fixed bypassed character (QUEUE_BYPASSED_CHARACTER_ID), a character bypassed by a valid signed
 * link (bypassLinks.ts), and turns on the member's own OpenAI key (not our engine's capacity).
 */

export interface WaitingRoomDeps {
  store: AdmissionStore;
  clock: Clock;
  db: Database;
  cache: Cache;
  models: ModelRegistry;
  timings: QueueTimings;
  /** The bypass links' key; null: bypass links are off (production without QUEUE_BYPASS_SECRET). */
  bypassKey: Uint8Array | null;
  bypassedCharacterId: string | null;
}

/** The caller as the line sees them. */
export interface QueueCaller {
  /** `g:<guest id>` or `m:<user id>`. */
  key: string;
  klass: QueueClass;
  /** Never waits in the waiting room (their turns still take the priority line when the engine is saturated). */
  skipsRoom: boolean;
}

const secondsUntil = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));

export function createWaitingRoom(deps: WaitingRoomDeps) {
  const { store, clock, timings } = deps;
  const policyOf = (capacity: number): AdmissionPolicy => ({ capacity, ...timings });
  const bypassNote = (caller: QueueCaller) => `bypass:${caller.key}`;

  async function isPartnerSite(applicationId: string): Promise<boolean> {
    const settings = await cachedJson(deps.cache, `app-settings:${applicationId}`, 60, () => findAppSettings(deps.db, applicationId));
    return settings?.kind === 'partner';
  }

  async function queueCallerOf(caller: Caller): Promise<QueueCaller | null> {
    if (caller.kind === 'guest') {
      return { key: `g:${caller.guestId}`, klass: 'guest', skipsRoom: await isPartnerSite(caller.applicationId) };
    }
    if (caller.kind !== 'member') return null;
    const u = caller.user;
    const klass = queueClassOf({ tier: u.effective_tier });
    const skipsRoom = u.permissions.includes('skip_waiting_room') || klass === 'premium' || (await isPartnerSite(caller.applicationId));
    return { key: `m:${caller.userId}`, klass, skipsRoom };
  }

  /** The model the caller chats with when they name none (their saved one, else the default). */
  const defaultModelOf = (caller: Caller): OfferedModel => chooseModel(deps.models, modelChooserOf(caller), planMemberOf(caller)?.saved.model, undefined);

  async function isBypassed(who: QueueCaller, characterId: string | undefined): Promise<boolean> {
    if (!characterId) return false;
    if (characterId === deps.bypassedCharacterId) return true;
    return (await store.getNote(bypassNote(who), clock.now().getTime())) === characterId;
  }

  /** The wait of the `position`th in line from the measured rate of freed slots (at least two to have a span); none without. */
  function estimate(position: number, rate: { releases: number; spanMs: number }): number | undefined {
    const perSlotMs = rate.releases >= 2 && rate.spanMs > 0 ? rate.spanMs / rate.releases : null;
    return perSlotMs === null ? undefined : Math.ceil((position * perSlotMs) / 1000);
  }

  /** The answer for a place in line: the position, and the wait from the measured rate (none without data). */
  function waitingAnswer(state: Extract<RoomState, { kind: 'waiting' }>): WaitingQueue {
    const timeLeft = estimate(state.position, state.rate);
    // Ask again in a quarter of the wait, between 3 and 30 s (the spec's retry interval).
    const retryAfter = Math.min(QUEUE_LIMITS.retryMs / 1000, Math.max(3, Math.ceil((timeLeft ?? 0) / 4)));
    return { status: 'waiting', position: state.position, ...(timeLeft !== undefined ? { time_left: timeLeft } : {}), bypass: null, retry_after: retryAfter };
  }

  return {
    queueCallerOf,

    /** GET queue. */
    async status(caller: Caller, query: { character_id?: string; bypass?: string; refresh?: '1' | '0' }): Promise<WaitingQueue> {
      const who = await queueCallerOf(caller);
      const now = clock.now();
      if (query.bypass !== undefined) {
        const check = deps.bypassKey ? checkBypass(deps.bypassKey, query.bypass, query.character_id, now) : ({ ok: false } as const);
        // A forged, expired or other character's bypass is cleared: the client drops it and asks again.
        if (!check.ok || !who) return { status: 'refresh', bypass: null, retry_after: 0 };
        await store.setNote(bypassNote(who), check.characterId, check.expiresAt, now.getTime());
        return { status: 'access', bypass: check.characterId, retry_after: null };
      }
      if (!who || who.skipsRoom) return { status: 'access', bypass: null, retry_after: null };
      if (await isBypassed(who, query.character_id)) return { status: 'access', bypass: query.character_id!, retry_after: null };
      const model = defaultModelOf(caller);
      if (model.capacity === null) return { status: 'access', bypass: null, retry_after: null };
      const t = now.getTime();
      const state = await store.visit(model.model.id, who.key, queueScore(who.klass, t), t, policyOf(model.capacity), query.refresh === '1');
      if (state.kind === 'access') {
        const left = secondsUntil(state.until, t);
        return { status: 'access', time_left: left, bypass: null, retry_after: left };
      }
      if (state.kind === 'expired') return { status: 'expired', bypass: null, retry_after: 0 };
      return waitingAnswer(state);
    },

    /** GET queue/outlook: the line a newcomer would meet, joining nothing. */
    async outlook(caller: Caller): Promise<QueueOutlook> {
      const who = await queueCallerOf(caller);
      const model = defaultModelOf(caller);
      if (!who || who.skipsRoom || model.capacity === null) return { applies: false, waiting: 0 };
      const line = await store.peek(model.model.id, clock.now().getTime(), policyOf(model.capacity));
      if (line.waiting === 0 && line.free > 0) return { applies: true, waiting: 0 };
      const timeLeft = estimate(line.waiting + 1, line.rate);
      return { applies: true, waiting: line.waiting, ...(timeLeft !== undefined ? { time_left: timeLeft } : {}) };
    },

    /** POST queue/leave: the place is freed now (access already given stays until it ends). */
    async leave(caller: Caller): Promise<boolean> {
      const who = await queueCallerOf(caller);
      if (!who || who.skipsRoom) return false;
      const model = defaultModelOf(caller);
      if (model.capacity === null) return false;
      await store.leave(model.model.id, who.key, clock.now().getTime(), policyOf(model.capacity));
      return true;
    },

    /**
     * A turn's check: null when the caller may chat now (access, or never waits); otherwise their place in line
     * (joining it when they had none, so a client that never asked still gets a place).
     */
    async placeOf(who: QueueCaller, characterId: string, model: OfferedModel): Promise<number | null> {
      if (who.skipsRoom || model.capacity === null || (await isBypassed(who, characterId))) return null;
      // One transition: a visit answers live access as it is, and lines up anyone without it (refresh: an expired access too).
      const t = clock.now().getTime();
      const state = await store.visit(model.model.id, who.key, queueScore(who.klass, t), t, policyOf(model.capacity), true);
      return state.kind === 'waiting' ? state.position : null;
    },

    policyOf,
    clock,
  };
}

export type WaitingRoom = ReturnType<typeof createWaitingRoom>;
