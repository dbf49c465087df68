import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  AssetUrlSchema,
  HighlightsSchema,
  PROFILE_ERROR_CODES,
  PROFILE_ERROR_MESSAGES,
  contentModerationKind,
  errorMessageFor,
  type ChatLanguage,
  type OpenAiMode,
  type ProfileUpdate,
  type SessionUser as ApiUser,
  type UserSettingsPatch,
} from '@fable/contracts';
import { z } from 'zod';
import { apiErrorOf } from '@fable/shared';
import { emailError, nameError, normalizeUsername, usernameError, type SignupVariant } from '../signup/accountRules';
import { PROFILE_TEXTS as T } from './profileTexts';

/** What the profile form edits: the profile update v2 fields (document 1 §7) and the display settings (§3). */
export interface ProfileValues {
  avatarUrl: string;
  username: string;
  name: string;
  highlights: string;
  email: string;
  /** A new OpenAI key as typed; empty keeps the saved one (the saved key is never put back in the field). */
  openaiKey: string;
  /** Remove the saved key on update. */
  removeOpenaiKey: boolean;
  openaiMode: OpenAiMode;
  showNSFW: boolean;
  blurNSFW: boolean;
  chatLanguage: ChatLanguage;
}

export type ProfileField = 'avatarUrl' | 'username' | 'name' | 'highlights' | 'email' | 'openaiKey' | 'openaiMode';
export type ProfileErrors = Partial<Record<ProfileField, string | null>>;

export function valuesFromUser(user: ApiUser): ProfileValues {
  return {
    avatarUrl: user.avatar_url ?? '',
    username: user.username ?? '',
    name: user.name ?? '',
    highlights: user.highlights ?? '',
    email: user.email ?? '',
    openaiKey: '',
    removeOpenaiKey: false,
    openaiMode: user.openai_mode ?? 'disabled',
    showNSFW: user.settings.showNSFW,
    blurNSFW: user.settings.blurNSFW,
    chatLanguage: user.settings.chatLanguage,
  };
}

/** The last characters of the saved key, all that is ever shown of it. */
export function keyTail(key: string | null | undefined): string | null {
  if (!key) return null;
  return key.slice(-4);
}

export interface RuleContext {
  /** The saved user's key exists. */
  hasSavedKey: boolean;
  /** A private-relay account must give a real email (document 1 §5). */
  needsEmail: boolean;
  variant?: SignupVariant;
}

/** The username's message on the profile: rules as at signup, and invalid below 4 (document 1 §5). Unchanged: none. */
export function profileUsernameError(value: string, current: string, variant: SignupVariant = 'main'): string | null {
  const username = normalizeUsername(value);
  if (username === current && current !== '') return null;
  const rule = usernameError(username, variant);
  if (rule) return rule;
  if (username.length < ACCOUNT_LIMITS.usernameProfileValidMin) return ACCOUNT_MESSAGES.usernameTooShort;
  return null;
}

/** Every field's rule message (document 1 §5), null where the value is fine. */
export function validateProfile(values: ProfileValues, saved: ProfileValues, context: RuleContext): ProfileErrors {
  const errors: ProfileErrors = {};
  errors.username = profileUsernameError(values.username, saved.username, context.variant);
  const name = nameError(values.name, context.variant);
  // The profile says "Name is too short" where signup says "Name should be of atleast 3 characters" (document 1 §5).
  errors.name = name === ACCOUNT_MESSAGES.nameTooShort ? ACCOUNT_MESSAGES.profileNameTooShort : name;
  const highlights = HighlightsSchema.safeParse(values.highlights);
  errors.highlights = highlights.success ? null : (highlights.error.issues[0]?.message ?? null);
  const avatar = values.avatarUrl.trim();
  if (avatar === '') errors.avatarUrl = saved.avatarUrl ? T.avatarRequired : null;
  else errors.avatarUrl = AssetUrlSchema.safeParse(avatar).success ? null : T.avatarInvalid;
  const emailChanged = values.email.trim().toLowerCase() !== saved.email.trim().toLowerCase();
  errors.email = emailChanged || context.needsEmail ? emailError(values.email) : null;
  errors.openaiKey = values.openaiKey.trim().length > ACCOUNT_LIMITS.openaiApiKeyMax ? ACCOUNT_MESSAGES.openaiApiKeyTooLong : null;
  const hasKey = values.openaiKey.trim() !== '' || (context.hasSavedKey && !values.removeOpenaiKey);
  errors.openaiMode = values.openaiMode !== 'disabled' && !hasKey ? T.openaiKeyNeeded : null;
  return errors;
}


/**
 * The profile form's schema for the form kit (its zod resolver): the rules of validateProfile, each message on its
 * field. They depend on the saved profile (an unchanged username is fine; a saved avatar cannot be emptied).
 */
export function profileFormSchema(saved: ProfileValues, context: RuleContext) {
  return z.custom<ProfileValues>().superRefine((values, ctx) => {
    for (const [field, message] of Object.entries(validateProfile(values, saved, context))) {
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}

export interface ProfileChanges {
  /** The body of PUT /v2/users/profile, or null when no profile field changed. */
  profile: ProfileUpdate | null;
  /** The settings of PATCH /v2/users, or null when no setting changed. */
  settings: UserSettingsPatch | null;
}

/** What to send: the profile update carries username and name always (the call needs them), the rest when changed. */
export function changesOf(values: ProfileValues, saved: ProfileValues): ProfileChanges {
  const profile: Partial<ProfileUpdate> = {};
  let profileChanged = false;
  const avatar = values.avatarUrl.trim();
  if (avatar !== saved.avatarUrl && avatar !== '') {
    profile.avatar_url = avatar;
    profileChanged = true;
  }
  const username = normalizeUsername(values.username);
  if (username !== saved.username) profileChanged = true;
  const name = values.name.trim();
  if (name !== saved.name) profileChanged = true;
  const highlights = values.highlights.trim();
  if (highlights !== saved.highlights.trim()) {
    profile.highlights = highlights;
    profileChanged = true;
  }
  const email = values.email.trim();
  if (email.toLowerCase() !== saved.email.trim().toLowerCase()) {
    profile.email = email;
    profileChanged = true;
  }
  const key = values.openaiKey.trim();
  if (key !== '') {
    profile.openai_api_key = key;
    profileChanged = true;
  } else if (values.removeOpenaiKey) {
    profile.openai_api_key = ''; // the API stores an empty key as none
    profileChanged = true;
  }
  if (values.openaiMode !== saved.openaiMode) {
    profile.openai_mode = values.openaiMode;
    profileChanged = true;
  }

  const settings: UserSettingsPatch = {};
  if (values.showNSFW !== saved.showNSFW) settings.showNSFW = values.showNSFW;
  if (values.blurNSFW !== saved.blurNSFW) settings.blurNSFW = values.blurNSFW;
  if (values.chatLanguage !== saved.chatLanguage) settings.chatLanguage = values.chatLanguage;

  return {
    profile: profileChanged ? ({ ...profile, username, name } as ProfileUpdate) : null,
    settings: Object.keys(settings).length > 0 ? settings : null,
  };
}

export const isDirty = (values: ProfileValues, saved: ProfileValues) => {
  const { profile, settings } = changesOf(values, saved);
  return profile !== null || settings !== null;
};

const FIELD_OF_PATH: Readonly<Record<string, ProfileField>> = {
  username: 'username',
  name: 'name',
  highlights: 'highlights',
  email: 'email',
  avatar_url: 'avatarUrl',
  openai_api_key: 'openaiKey',
  openai_mode: 'openaiMode',
};

export interface ProfileApiError {
  /** Messages next to the fields they are about. */
  fields: ProfileErrors;
  /** A message for the form as a whole (document 1 §8 "Profile update failure: error text on the form"). */
  form: string | null;
  /** The duplicated-username code: the availability status says so too. */
  usernameTaken: boolean;
}

/**
 * The messages of a failed update, by the API's errorCode (document 1 §7 "errors carry errorCode"): a duplicated
 * username or a taken email next to its field; validation issues next to theirs; content moderation codes and the
 * rest on the form, by the error catalogue.
 */
export function profileApiError(error: unknown): ProfileApiError {
  const failure = apiErrorOf(error);
  const result: ProfileApiError = { fields: {}, form: null, usernameTaken: false };
  if (failure.network || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    result.form = T.offline;
    return result;
  }
  const details = (failure.details ?? {}) as { errorCode?: unknown; field?: unknown; issues?: unknown };
  const code = typeof details.errorCode === 'string' || typeof details.errorCode === 'number' ? String(details.errorCode) : failure.code;
  const apiMessage = failure.message;

  if (code === PROFILE_ERROR_CODES.USERNAME_TAKEN) {
    result.fields.username = ACCOUNT_MESSAGES.usernameNotAvailable;
    result.usernameTaken = true;
    return result;
  }
  if (code === PROFILE_ERROR_CODES.EMAIL_TAKEN) {
    result.fields.email = PROFILE_ERROR_MESSAGES.email_taken;
    return result;
  }
  if (code === PROFILE_ERROR_CODES.VALIDATION || code === 'validation_failed') {
    const issues = Array.isArray(details.issues) ? (details.issues as { path?: unknown; message?: unknown }[]) : [];
    for (const issue of issues) {
      const path = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '').split('.')[0] : '';
      const field = path ? FIELD_OF_PATH[path] : undefined;
      const message = typeof issue.message === 'string' ? issue.message : null;
      if (field && message && !result.fields[field]) result.fields[field] = message;
    }
    if (Object.keys(result.fields).length === 0) result.form = apiMessage ?? T.generic;
    return result;
  }
  if (contentModerationKind(code)) {
    result.form = errorMessageFor(code);
    return result;
  }
  const known = typeof code === 'string' ? (PROFILE_ERROR_MESSAGES as Record<string, string>)[code] : undefined;
  result.form = known ?? errorMessageFor(code, apiMessage ?? T.generic);
  return result;
}
