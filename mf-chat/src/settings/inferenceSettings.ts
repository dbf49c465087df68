import { useCallback } from 'react';
import { selectAuthStatus, useAppSelector, useLocalStorage, usePermission } from '@fable/shared';
import { GENERATION_DEFAULTS, GENERATION_SLIDERS, type UserInferenceSettings } from '@fable/contracts';
import { useChat_saveInferenceSettingsMutation, useChat_viewerSettingsQuery } from './settingsApi';

/** Where guests and members without generation_settings keep their settings (document 1 §3 "Settings stored locally"). */
export const LOCAL_GENERATION_SETTINGS_KEY = 'fable.chat.generationSettings';

export type SliderName = 'max_new_tokens' | 'temperature' | 'top_p' | 'top_k';
export const SLIDER_NAMES: readonly SliderName[] = ['max_new_tokens', 'temperature', 'top_p', 'top_k'];

/** A slider value held to its range and step (document 1 §5 "Generation sliders"). */
export function clampSlider(name: SliderName, value: unknown): number {
  const { min, max, step } = GENERATION_SLIDERS[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) return GENERATION_DEFAULTS[name];
  const stepped = Math.round((Math.min(max, Math.max(min, value)) - min) / step) * step + min;
  return Number(stepped.toFixed(2));
}

/** Stored settings (anything: old, partial, hand-edited) completed with the defaults (GENERATION_DEFAULTS). */
export function completeSettings(stored: Partial<UserInferenceSettings> | null | undefined): UserInferenceSettings {
  const result: UserInferenceSettings = {
    max_new_tokens: clampSlider('max_new_tokens', stored?.max_new_tokens),
    temperature: clampSlider('temperature', stored?.temperature),
    top_p: clampSlider('top_p', stored?.top_p),
    top_k: clampSlider('top_k', stored?.top_k),
  };
  if (typeof stored?.model === 'string' && stored.model) result.model = stored.model;
  return result;
}

export interface InferenceSettingsState {
  settings: UserInferenceSettings;
  /** Saved on the account (members with generation_settings) or on this device. */
  target: 'account' | 'device';
  loading: boolean;
  /** Saves the whole settings object; rejects with the failed call's error. */
  save: (next: UserInferenceSettings) => Promise<void>;
  saving: boolean;
}

/**
 * The user's generation settings and chosen model: in the user settings (inferenceSettings, PATCH /v2/users) for
 * members holding generation_settings, else in local storage.
 */
export function useInferenceSettings(): InferenceSettingsState {
  const member = useAppSelector(selectAuthStatus) === 'authenticated';
  const allowed = usePermission('generation_settings');
  const onAccount = member && allowed;
  const viewer = useChat_viewerSettingsQuery(undefined, { skip: !onAccount });
  const [local, setLocal] = useLocalStorage<Partial<UserInferenceSettings> | null>(LOCAL_GENERATION_SETTINGS_KEY, null);
  const [saveRemote, { isLoading: saving }] = useChat_saveInferenceSettingsMutation();

  const save = useCallback(
    async (next: UserInferenceSettings) => {
      if (onAccount) {
        await saveRemote(next).unwrap();
      } else {
        setLocal(next);
      }
    },
    [onAccount, saveRemote, setLocal],
  );

  return {
    settings: completeSettings(onAccount ? viewer.data?.inferenceSettings : local),
    target: onAccount ? 'account' : 'device',
    loading: onAccount && viewer.isLoading,
    save,
    saving,
  };
}
