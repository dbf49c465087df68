import { useRef } from 'react';
import type { SessionUser as ApiUser } from '@fable/contracts';
import { Avatar } from '@fable/shared';
import { Form, UnsavedChangesDialog } from '@fable/shared/forms';
import { AccountSection } from './AccountSection';
import { AdvancedSection } from './AdvancedSection';
import { ContentSection } from './ContentSection';
import { PlanSection } from './PlanSection';
import { ProfileDetailsSection } from './ProfileDetailsSection';
import { keyTail } from './profileForm';
import { Header, Page } from './profileLayout';
import { PROFILE_TEXTS as T } from './profileTexts';
import { UpdateBar } from './UpdateBar';
import { useProfileForm } from './useProfileForm';
import { useProfileLeaving } from './useProfileLeaving';

const UNSAVED_TEXTS = { title: T.unsavedTitle, message: T.unsavedMessage, update: T.update, discard: T.discard };

/** The signed-in user's profile: the form's sections and Update, the plan, the account, and the leaving dialog. */
export function ProfileForm({ user }: { user: ApiUser }) {
  const profile = useProfileForm(user);
  const formRef = useRef<HTMLFormElement>(null);
  const leaving = useProfileLeaving({ dirty: profile.dirty, formRef, onDiscard: profile.discard });
  const { form, values } = profile;
  const tail = keyTail(user.openai_api_key);

  return (
    <Page data-testid="profile-page">
      <Header>
        <Avatar src={user.avatar_url} name={user.name ?? user.username ?? 'You'} size="xl" />
        <div style={{ minWidth: 0 }}>
          <h1>{T.title}</h1>
          <p>{user.username ? `@${user.username}` : T.intro}</p>
        </div>
      </Header>

      <Form
        ref={formRef}
        form={form}
        aria-label={T.title}
        style={{ display: 'contents' }}
        onSubmit={async (edited) => leaving.submitted(profile.dirty && (await profile.save(edited)))}
        onInvalid={() => {
          profile.failed();
          leaving.submitted(false);
        }}
      >
        <ProfileDetailsSection user={user} values={values} availability={profile.availability} needsEmail={profile.needsEmail} />
        <ContentSection partner={profile.partner} />
        <AdvancedSection
          keyTail={tail}
          removeKey={values.removeOpenaiKey}
          onToggleRemoveKey={() => form.setValue('removeOpenaiKey', !values.removeOpenaiKey, { shouldDirty: true })}
        />
        <UpdateBar dirty={profile.dirty} saving={profile.saving} formError={profile.formError} />
      </Form>

      <PlanSection user={user} />
      <AccountSection user={user} onLogout={leaving.logout} onRemoved={leaving.allowLeaving} />

      <UnsavedChangesDialog
        open={leaving.leaving !== null}
        saving={profile.saving}
        onUpdate={leaving.update}
        onDiscard={leaving.discard}
        onStay={leaving.stay}
        texts={UNSAVED_TEXTS}
      />
    </Page>
  );
}
