import { GENERATION_DEFAULTS, GUEST_PERMISSIONS, type InferenceSettings, type Permission } from '@fable/contracts';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ModelChooser, ModelRegistry, OfferedModel } from '../../infra/inference/models';
import { CHAT_ERROR_CODES } from './chatErrors';

/**
 * The model and the generation settings of a chat turn, as the caller's permissions allow: who the member is for the
 * plan, which model answers, with which settings. No database.
 */

/** A member as the plan needs them (a guest is null). */
export interface PlanMember {
  userId: string;
  permissions: readonly Permission[];
  /** Their name, else their username. */
  name: string | null;
  /** Their saved generation settings and model (user settings). */
  saved: Partial<InferenceSettings> & { model?: string };
}

export function planMemberOf(caller: Caller): PlanMember | null {
  if (caller.kind !== 'member') return null;
  const u = caller.user;
  return { userId: caller.userId, permissions: u.permissions, name: u.name ?? u.username ?? null, saved: u.settings.inferenceSettings ?? {} };
}

export function modelChooserOf(caller: Caller): ModelChooser {
  if (caller.kind !== 'member') return { permissions: GUEST_PERMISSIONS };
  const u = caller.user;
  return { permissions: u.permissions, openAiMode: u.openai_mode, openAiKey: u.openai_api_key };
}

/** The model of the turn: the one asked for (400/403 when unknown/not allowed), else the saved one when still usable, else the default. */
export function chooseModel(models: ModelRegistry, who: ModelChooser, saved: string | undefined, asked: string | undefined): OfferedModel {
  if (asked !== undefined) {
    const choice = models.choose(who, asked);
    if (choice.ok) return choice.offered;
    if (choice.reason === 'unknown') throw new AppError(400, CHAT_ERROR_CODES.UNKNOWN_MODEL, `Unknown model: ${asked}`);
    throw AppError.forbidden('Your plan does not include this model.', CHAT_ERROR_CODES.MODEL_NOT_ALLOWED);
  }
  if (saved !== undefined) {
    const choice = models.choose(who, saved);
    if (choice.ok) return choice.offered;
  }
  const choice = models.choose(who, undefined);
  if (!choice.ok) throw AppError.forbidden('Your plan does not include any model.', CHAT_ERROR_CODES.MODEL_NOT_ALLOWED);
  return choice.offered;
}

const settingsIn = (s: Partial<InferenceSettings> | undefined): Partial<InferenceSettings> => {
  const out: Partial<InferenceSettings> = {};
  if (s?.max_new_tokens !== undefined) out.max_new_tokens = s.max_new_tokens;
  if (s?.temperature !== undefined) out.temperature = s.temperature;
  if (s?.top_p !== undefined) out.top_p = s.top_p;
  if (s?.top_k !== undefined) out.top_k = s.top_k;
  return out;
};

/**
 * Generation settings: the defaults, then (with the generation_settings permission) the member's saved settings
 * and the call's. Without the permission the defaults apply whatever is sent.
 */
export function generationSettings(member: PlanMember | null, asked: Partial<InferenceSettings> | undefined): InferenceSettings {
  if (!member?.permissions.includes('generation_settings')) return { ...GENERATION_DEFAULTS };
  return { ...GENERATION_DEFAULTS, ...settingsIn(member.saved), ...settingsIn(asked) };
}
