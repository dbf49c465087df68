import styled from '@emotion/styled';
import { useCallback, useState, type FormEvent } from 'react';
import { ACCOUNT_LIMITS, CHAT_LANGUAGES, LANGUAGE_NAMES, OPENAI_MODES, TIER_MARKETING_NAME, type SessionUser as ApiUser } from '@fable/contracts';
import {
  Avatar,
  Button,
  ButtonLink,
  Spinner,
  isPrivateRelayEmail,
  selectAuthStatus,
  selectPartnerMode,
  selectSignOutRequested,
  sessionFromUser,
  signedIn,
  signInRequested,
  signOutRequested,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNavigate,
  useNotify,
} from '@fable/shared';
import { CheckboxField, TextField } from '../forms/Fields';
import { useAccount_updateUserMutation } from '../signup/accountApi';
import { useUsernameAvailability } from '../signup/useUsernameAvailability';
import { AccountRemovalDialog, SubscriptionWarningDialog, hasActiveSubscription } from './AccountRemoval';
import { useAccount_meQuery, useAccount_removeAccountMutation, useAccount_updateProfileMutation } from './profileApi';
import {
  changesOf,
  hasErrors,
  isDirty,
  keyTail,
  profileApiError,
  profileUsernameError,
  validateProfile,
  valuesFromUser,
  type ProfileErrors,
  type ProfileValues,
} from './profileForm';
import { RadioGroupField, SelectField, TextAreaField } from './ProfileFields';
import { PROFILE_TEXTS as T } from './profileTexts';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from './UnsavedChanges';

const Page = styled.div`
  width: min(100%, 760px);
  margin: 0 auto;
  padding: 24px 16px 48px;
  display: flex;
  flex-direction: column;
  gap: 20px;
  @media (max-width: 600px) {
    padding: 12px 12px 32px;
    gap: 16px;
  }
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 16px;
  min-width: 0;
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.7rem;
    line-height: 1.2;
  }
  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Section = styled.section`
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  .section-text {
    margin: -8px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.92rem;
  }
  @media (max-width: 600px) {
    padding: 16px;
  }
`;

const AvatarRow = styled.div`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  > :last-child {
    flex: 1;
    min-width: 0;
  }
`;

const Note = styled.p<{ $tone?: 'muted' | 'info' }>`
  margin: 0;
  font-size: 0.85rem;
  padding: ${({ $tone }) => ($tone === 'info' ? '8px 12px' : '0')};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $tone }) => ($tone === 'info' ? theme.colors.infoSoft : 'transparent')};
  color: ${({ theme, $tone }) => ($tone === 'info' ? theme.colors.text : theme.colors.textMuted)};
`;

const KeyRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: center;
`;

/** The Update bar; it stays in view (sticky at the bottom) while there is something to update. */
const Actions = styled.div<{ $sticky: boolean }>`
  position: ${({ $sticky }) => ($sticky ? 'sticky' : 'static')};
  bottom: 8px;
  z-index: 1;
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 12px;
  flex-wrap: wrap;
  padding: ${({ $sticky }) => ($sticky ? '12px 20px' : '0')};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme, $sticky }) => ($sticky ? theme.colors.border : 'transparent')};
  background: ${({ theme, $sticky }) => ($sticky ? theme.colors.surface : 'transparent')};
  box-shadow: ${({ theme, $sticky }) => ($sticky ? theme.shadow : 'none')};
  .form-error {
    flex: 1;
    min-width: 200px;
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
    font-size: 0.9rem;
  }
  .form-status {
    flex: 1;
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

const PlanRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  strong {
    font-size: 1.05rem;
  }
`;

const Danger = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSoft};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
  ul {
    margin: 0;
    padding-left: 20px;
    line-height: 1.55;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  button {
    align-self: flex-start;
  }
`;

const PromptCard = styled.section`
  width: min(100%, 520px);
  margin: 24px auto;
  padding: 28px 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  h1 {
    margin: 0 0 8px;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.5rem;
  }
  p {
    margin: 0 0 20px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

type Leaving = { kind: 'navigation' } | { kind: 'logout' } | null;

function ProfileForm({ user }: { user: ApiUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const partner = useAppSelector(selectPartnerMode);
  const variant = partner ? 'partner' : 'main';
  const [saved, setSaved] = useState<ProfileValues>(() => valuesFromUser(user));
  const [values, setValues] = useState<ProfileValues>(saved);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removal, setRemoval] = useState<'warning' | 'confirm' | null>(null);
  const [updateProfile] = useAccount_updateProfileMutation();
  const [updateUser] = useAccount_updateUserMutation();
  const [removeAccount] = useAccount_removeAccountMutation();

  // A fresher user from the server (another tab, a refetch) replaces what is shown unless the user is editing.
  const [shownUser, setShownUser] = useState(user);
  if (shownUser !== user) {
    setShownUser(user);
    const fresh = valuesFromUser(user);
    if (!isDirty(values, saved)) setValues(fresh);
    setSaved(fresh);
  }

  const dirty = isDirty(values, saved);
  // Signing out (the header's Sign Out, or ours after the dialog) leaves the page: nothing to guard any more.
  const signingOut = useAppSelector(selectSignOutRequested);
  const guard = useUnsavedChangesGuard(dirty && !signingOut);
  const { allowLeaving } = guard;
  // The Unsaved Changes dialog shows for a blocked navigation, or for Logout with unsaved changes.
  const [logoutAsked, setLogoutAsked] = useState(false);
  const leaving: Leaving = guard.blocked ? { kind: 'navigation' } : logoutAsked ? { kind: 'logout' } : null;

  const hasSavedKey = Boolean(user.openai_api_key);
  const needsEmail = isPrivateRelayEmail(user.email);
  const context = { hasSavedKey, needsEmail, variant } as const;
  // The availability check (500 ms after typing) runs only for a changed username that passes the profile's rules.
  const usernameOk = profileUsernameError(values.username, saved.username, variant) === null;
  const { availability, markUnavailable } = useUsernameAvailability(usernameOk ? values.username : saved.username, {
    current: saved.username || null,
    variant,
  });

  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFormError(null);
    if (key in errors) setErrors((e) => ({ ...e, [key]: null }));
  };

  /** Saves; true when everything was saved. Errors go next to their fields, or on the form. */
  const save = async (): Promise<boolean> => {
    const found = validateProfile(values, saved, context);
    if (availability.status === 'unavailable' && !found.username) found.username = availability.message;
    setErrors(found);
    if (hasErrors(found)) {
      setFormError(T.fixErrors);
      return false;
    }
    const { profile, settings } = changesOf(values, saved);
    setSaving(true);
    setFormError(null);
    try {
      let fresh: ApiUser | null = null;
      if (profile) {
        const result = await updateProfile(profile);
        if ('error' in result && result.error) {
          const failure = profileApiError(result.error);
          if (failure.usernameTaken) markUnavailable();
          setErrors((e) => ({ ...e, ...failure.fields }));
          setFormError(failure.form ?? T.fixErrors);
          return false;
        }
        fresh = result.data ?? null;
      }
      if (settings) {
        const result = await updateUser({ settings });
        if ('error' in result && result.error) {
          const failure = profileApiError(result.error);
          setFormError(failure.form ?? T.generic);
          if (fresh) {
            // The profile part was saved: only the settings stay unsaved.
            const next = valuesFromUser(fresh);
            setSaved(next);
            setValues((v) => ({ ...next, showNSFW: v.showNSFW, blurNSFW: v.blurNSFW, chatLanguage: v.chatLanguage }));
            dispatch(signedIn(sessionFromUser(fresh)));
          }
          return false;
        }
        fresh = result.data ?? fresh;
      }
      if (fresh) {
        const next = valuesFromUser(fresh);
        setSaved(next);
        setValues(next);
        dispatch(signedIn(sessionFromUser(fresh)));
      }
      notify.success(T.saved);
      return true;
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) void save();
  };

  const finishLeaving = (kind: 'navigation' | 'logout') => {
    if (kind === 'navigation') guard.proceed();
    if (kind === 'logout') dispatch(signOutRequested());
  };
  const stay = () => {
    guard.reset();
    setLogoutAsked(false);
  };
  const updateAndLeave = async () => {
    const kind = leaving?.kind;
    const ok = await save();
    setLogoutAsked(false);
    if (!kind) return;
    if (ok) finishLeaving(kind);
    // Profile update failure: error text on the form, the dialog closes (document 1 §8).
    else guard.reset();
  };
  const discardAndLeave = () => {
    const kind = leaving?.kind;
    setLogoutAsked(false);
    setValues(saved);
    setErrors({});
    setFormError(null);
    if (kind) finishLeaving(kind);
  };

  const onLogout = () => {
    if (dirty) setLogoutAsked(true);
    else dispatch(signOutRequested());
  };

  const onRemove = useCallback(async () => {
    const result = await removeAccount();
    if ('error' in result && result.error) {
      throw new Error(profileApiError(result.error).form ?? T.generic);
    }
    allowLeaving();
    setRemoval(null);
    notify.success(T.removed, { duration: 'long' });
    dispatch(signOutRequested());
    navigate('/', { replace: true });
  }, [removeAccount, allowLeaving, notify, dispatch, navigate]);

  const usernameError = errors.username ?? (availability.status === 'unavailable' ? availability.message : null);
  const usernameStatus =
    availability.status === 'checking'
      ? { tone: 'hint' as const, text: T.checking }
      : availability.status === 'available'
        ? { tone: 'ok' as const, text: T.available }
        : { tone: 'hint' as const, text: T.usernameHint };
  const displayName = values.name.trim() || values.username || 'You';
  const avatarPreview = values.avatarUrl.trim() && !errors.avatarUrl ? values.avatarUrl.trim() : (user.avatar_url ?? null);
  const tail = keyTail(user.openai_api_key);
  const planName = TIER_MARKETING_NAME[user.tier] ?? T.freePlan;

  return (
    <Page data-testid="profile-page">
      <Header>
        <Avatar src={user.avatar_url} name={user.name ?? user.username ?? 'You'} size="xl" />
        <div style={{ minWidth: 0 }}>
          <h1>{T.title}</h1>
          <p>{user.username ? `@${user.username}` : T.intro}</p>
        </div>
      </Header>

      <form noValidate onSubmit={onSubmit} aria-label={T.title} style={{ display: 'contents' }}>
        <Section aria-labelledby="profile-section">
          <h2 id="profile-section">{T.profileSection}</h2>
          <AvatarRow>
            <Avatar src={avatarPreview} name={displayName} alt={T.avatarPreview} size="lg" />
            <TextField
              label={T.avatarLabel}
              name="avatar_url"
              type="url"
              inputMode="url"
              autoComplete="photo"
              placeholder="https://"
              value={values.avatarUrl}
              onChange={(v) => set('avatarUrl', v)}
              error={errors.avatarUrl}
              status={{ tone: 'hint', text: T.avatarHint }}
            />
          </AvatarRow>
          <TextField
            label={T.usernameLabel}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            value={values.username}
            onChange={(v) => set('username', v.toLowerCase())}
            error={usernameError}
            status={usernameStatus}
          />
          <TextField
            label={T.nameLabel}
            name="name"
            autoComplete="nickname"
            maxLength={40}
            value={values.name}
            onChange={(v) => set('name', v)}
            error={errors.name}
          />
          <TextAreaField
            label={T.highlightsLabel}
            name="highlights"
            rows={4}
            value={values.highlights}
            onChange={(v) => set('highlights', v)}
            error={errors.highlights}
            hint={T.highlightsHint}
            max={ACCOUNT_LIMITS.highlightsMax}
          />
          <TextField
            label={T.emailLabel}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(v) => set('email', v)}
            error={errors.email}
          />
          {needsEmail ? (
            <Note $tone="info" data-testid="relay-note">
              {T.emailRelayNote}
            </Note>
          ) : null}
        </Section>

        <Section aria-labelledby="content-section">
          <h2 id="content-section">{T.contentSection}</h2>
          {partner ? null : (
            <>
              <CheckboxField
                name="showNSFW"
                checked={values.showNSFW}
                onChange={(v) => set('showNSFW', v)}
                label={
                  <>
                    <strong>{T.showNsfwLabel}</strong>
                    <br />
                    <Note as="span">{T.showNsfwHint}</Note>
                  </>
                }
              />
              <CheckboxField
                name="blurNSFW"
                checked={values.blurNSFW}
                onChange={(v) => set('blurNSFW', v)}
                label={
                  <>
                    <strong>{T.blurNsfwLabel}</strong>
                    <br />
                    <Note as="span">{T.blurNsfwHint}</Note>
                  </>
                }
              />
            </>
          )}
          <SelectField
            label={T.chatLanguageLabel}
            name="chatLanguage"
            value={values.chatLanguage}
            onChange={(v) => set('chatLanguage', v)}
            options={CHAT_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          />
        </Section>

        <Section aria-labelledby="advanced-section">
          <h2 id="advanced-section">{T.advancedSection}</h2>
          <TextField
            label={T.openaiKeyLabel}
            name="openai_api_key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={tail && !values.removeOpenaiKey ? `••••••••${tail}` : 'sk-…'}
            value={values.openaiKey}
            onChange={(v) => set('openaiKey', v)}
            error={errors.openaiKey}
            status={{ tone: 'hint', text: T.openaiKeyHint }}
          />
          {tail ? (
            <KeyRow>
              <Note data-testid="saved-key">{values.removeOpenaiKey ? T.openaiKeyWillBeRemoved : T.openaiKeySaved(tail)}</Note>
              <Button size="sm" variant="secondary" onClick={() => set('removeOpenaiKey', !values.removeOpenaiKey)}>
                {values.removeOpenaiKey ? T.openaiKeyKeep : T.openaiKeyRemove}
              </Button>
            </KeyRow>
          ) : null}
          <RadioGroupField
            legend={T.openaiModeLabel}
            name="openai_mode"
            value={values.openaiMode}
            onChange={(v) => set('openaiMode', v)}
            error={errors.openaiMode}
            options={OPENAI_MODES.map((mode) => ({ value: mode, label: T.openaiModes[mode].label, hint: T.openaiModes[mode].hint }))}
          />
        </Section>

        <Actions $sticky={dirty}>
          {formError ? (
            <p className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <Button type="submit" disabled={!dirty} loading={saving}>
            {T.update}
          </Button>
        </Actions>
      </form>

      <Section aria-labelledby="plan-section">
        <h2 id="plan-section">{T.planSection}</h2>
        <PlanRow>
          <strong data-testid="current-plan">{planName}</strong>
          {user.tier === 'premium' ? null : (
            <ButtonLink to="/subscribe" variant="secondary">
              {T.upgrade}
            </ButtonLink>
          )}
          {user.subscription?.status === 'active' ? (
            <ButtonLink to="/manage-subscription" variant="secondary">
              {T.manageSubscription}
            </ButtonLink>
          ) : null}
        </PlanRow>
      </Section>

      <Section aria-labelledby="account-section">
        <h2 id="account-section">{T.accountSection}</h2>
        <PlanRow>
          <span>{user.email ?? `@${user.username ?? ''}`}</span>
          <Button variant="secondary" onClick={onLogout}>
            {T.logout}
          </Button>
        </PlanRow>
        <Danger aria-labelledby="removal-heading">
          <h3 id="removal-heading">{T.removalTitle}</h3>
          <p>{T.removalIntro}</p>
          <ul>
            {T.removalEffects.map((effect) => (
              <li key={effect}>{effect}</li>
            ))}
          </ul>
          <Button variant="danger" onClick={() => setRemoval(hasActiveSubscription(user) ? 'warning' : 'confirm')}>
            {T.removeAccount}
          </Button>
        </Danger>
      </Section>

      <UnsavedChangesDialog
        open={leaving !== null}
        saving={saving}
        onUpdate={() => void updateAndLeave()}
        onDiscard={discardAndLeave}
        onStay={stay}
      />
      <SubscriptionWarningDialog
        open={removal === 'warning'}
        onClose={() => setRemoval((r) => (r === 'warning' ? null : r))}
        onProceed={() => setRemoval('confirm')}
      />
      <AccountRemovalDialog open={removal === 'confirm'} onClose={() => setRemoval(null)} onRemove={onRemove} />
    </Page>
  );
}

/** The profile with its own fetch of the user (the session keeps only what the header needs). */
function SignedInProfile() {
  const { data, isLoading, isError, refetch } = useAccount_meQuery();
  if (isLoading) return <Spinner label={T.loading} center />;
  if (isError || !data) {
    return (
      <PromptCard role="alert">
        <p>{T.loadFailed}</p>
        <Button onClick={() => void refetch()}>{T.retry}</Button>
      </PromptCard>
    );
  }
  return <ProfileForm user={data} />;
}

/**
 * /profile, profile settings (document 1 §2): avatar, username, name, highlights, email, NSFW display settings,
 * preferred chat language, the Advanced section (OpenAI key and mode), the current plan, Update, Logout and Remove
 * Account; leaving with unsaved changes opens the Unsaved Changes dialog. Guests get a prompt to sign in.
 */
export function ProfilePage() {
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  if (status === 'loading') return <Spinner label={T.loading} center />;
  if (status !== 'authenticated') {
    return (
      <PromptCard data-testid="profile-sign-in">
        <h1>{T.signInTitle}</h1>
        <p>{T.signInText}</p>
        <Button onClick={() => dispatch(signInRequested({ returnTo: pathname }))}>{T.signIn}</Button>
      </PromptCard>
    );
  }
  return <SignedInProfile />;
}
