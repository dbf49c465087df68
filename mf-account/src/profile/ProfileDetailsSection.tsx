import styled from '@emotion/styled';
import { ACCOUNT_LIMITS, type SessionUser as ApiUser } from '@fable/contracts';
import { Avatar } from '@fable/shared';
import { FormTextAreaField, FormTextField, useFormState } from '@fable/shared/forms';
import { UsernameField } from '../forms/UsernameField';
import type { Availability } from '../signup/useUsernameAvailability';
import type { ProfileValues } from './profileForm';
import { Note, Section } from './profileLayout';
import { PROFILE_TEXTS as T } from './profileTexts';

const AvatarRow = styled.div`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  > :last-child {
    flex: 1;
    min-width: 0;
  }
`;

/** The Profile section: avatar (with its preview), username, name, highlights (with the counter) and email. */
export function ProfileDetailsSection({
  user,
  values,
  availability,
  needsEmail,
}: {
  user: ApiUser;
  values: ProfileValues;
  availability: Availability;
  needsEmail: boolean;
}) {
  const { errors } = useFormState<ProfileValues>({ name: 'avatarUrl' });
  const displayName = values.name.trim() || values.username || 'You';
  const avatar = values.avatarUrl.trim();
  const avatarPreview = avatar && !errors.avatarUrl ? avatar : (user.avatar_url ?? null);
  return (
    <Section aria-labelledby="profile-section">
      <h2 id="profile-section">{T.profileSection}</h2>
      <AvatarRow>
        <Avatar src={avatarPreview} name={displayName} alt={T.avatarPreview} size="lg" />
        <FormTextField<ProfileValues>
          name="avatarUrl"
          label={T.avatarLabel}
          type="url"
          inputMode="url"
          autoComplete="photo"
          placeholder="https://"
          hint={T.avatarHint}
        />
      </AvatarRow>
      <UsernameField availability={availability} hint={T.usernameHint} />
      <FormTextField<ProfileValues> name="name" label={T.nameLabel} autoComplete="nickname" maxLength={40} />
      <FormTextAreaField<ProfileValues> name="highlights" label={T.highlightsLabel} rows={4} hint={T.highlightsHint} limit={ACCOUNT_LIMITS.highlightsMax} />
      <FormTextField<ProfileValues> name="email" label={T.emailLabel} type="email" autoComplete="email" />
      {needsEmail ? (
        <Note $tone="info" data-testid="relay-note">
          {T.emailRelayNote}
        </Note>
      ) : null}
    </Section>
  );
}
