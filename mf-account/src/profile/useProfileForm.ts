import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { SessionUser as ApiUser } from '@fable/contracts';
import { isPrivateRelayEmail, selectPartnerMode, sessionFromUser, signedIn, useAppDispatch, useAppSelector, useNotify } from '@fable/shared';
import { useZodForm } from '@fable/shared/forms';
import { useAccount_updateUserMutation } from '../signup/accountApi';
import { useUsernameAvailability } from '../signup/useUsernameAvailability';
import { useAccount_updateProfileMutation } from './profileApi';
import { changesOf, isDirty, profileApiError, profileFormSchema, profileUsernameError, valuesFromUser, type ProfileField, type ProfileValues } from './profileForm';
import { PROFILE_TEXTS as T } from './profileTexts';

/**
 * The profile form's state on the form kit: the values as saved and as edited (dirty by what would be sent), the
 * rules (profileFormSchema), the username's availability, and `save`, which sends the profile update and the settings
 * and puts the API's errors next to their fields or on the form.
 */
export function useProfileForm(user: ApiUser) {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const partner = useAppSelector(selectPartnerMode);
  const variant = partner ? 'partner' : 'main';
  const [saved, setSaved] = useState<ProfileValues>(() => valuesFromUser(user));
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [updateProfile] = useAccount_updateProfileMutation();
  const [updateUser] = useAccount_updateUserMutation();

  const needsEmail = isPrivateRelayEmail(user.email);
  const schema = useMemo(() => profileFormSchema(saved, { hasSavedKey: Boolean(user.openai_api_key), needsEmail, variant }), [saved, user.openai_api_key, needsEmail, variant]);
  const form = useZodForm(schema, { defaultValues: saved });
  const values = form.watch();
  const dirty = isDirty(values, saved);

  // The availability check (500 ms after typing) runs only for a changed username that passes the profile's rules.
  const usernameOk = profileUsernameError(values.username, saved.username, variant) === null;
  const { availability, markUnavailable } = useUsernameAvailability(usernameOk ? values.username : saved.username, {
    current: saved.username || null,
    variant,
  });

  // A fresher user from the server (another tab, a refetch) replaces what is shown unless the user is editing (the
  // form takes it before the page is painted again).
  const [shownUser, setShownUser] = useState(user);
  const [freshValues, setFreshValues] = useState<ProfileValues | null>(null);
  if (shownUser !== user) {
    setShownUser(user);
    const fresh = valuesFromUser(user);
    if (!dirty) setFreshValues(fresh);
    setSaved(fresh);
  }
  useLayoutEffect(() => {
    if (freshValues) form.reset(freshValues);
  }, [freshValues, form]);

  // Any edit clears the form's error.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name) setFormError(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const showSaved = (fresh: ApiUser, keep: Partial<ProfileValues> = {}) => {
    const next = valuesFromUser(fresh);
    setSaved(next);
    form.reset({ ...next, ...keep });
    dispatch(signedIn(sessionFromUser(fresh)));
  };

  /** Saves valid values; true when everything was saved. Errors go next to their fields, or on the form. */
  const save = async (edited: ProfileValues): Promise<boolean> => {
    if (availability.status === 'unavailable') {
      setFormError(T.fixErrors);
      return false;
    }
    const { profile, settings } = changesOf(edited, saved);
    setSaving(true);
    setFormError(null);
    try {
      let fresh: ApiUser | null = null;
      if (profile) {
        const result = await updateProfile(profile);
        if ('error' in result && result.error) {
          const failure = profileApiError(result.error);
          if (failure.usernameTaken) markUnavailable();
          for (const [field, message] of Object.entries(failure.fields)) {
            if (message) form.setError(field as ProfileField, { type: 'server', message });
          }
          setFormError(failure.form ?? T.fixErrors);
          return false;
        }
        fresh = result.data ?? null;
      }
      if (settings) {
        const result = await updateUser({ settings });
        if ('error' in result && result.error) {
          // The profile part was saved: only the settings stay unsaved.
          if (fresh) showSaved(fresh, { showNSFW: edited.showNSFW, blurNSFW: edited.blurNSFW, chatLanguage: edited.chatLanguage });
          setFormError(profileApiError(result.error).form ?? T.generic);
          return false;
        }
        fresh = result.data ?? fresh;
      }
      if (fresh) showSaved(fresh);
      notify.success(T.saved);
      return true;
    } finally {
      setSaving(false);
    }
  };

  /** Back to the saved values, without errors. */
  const discard = () => {
    form.reset(saved);
    setFormError(null);
  };

  return { form, values, saved, dirty, partner, needsEmail, availability, formError, saving, save, discard, failed: () => setFormError(T.fixErrors) };
}
