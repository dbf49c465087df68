import { Button, Spinner } from '@fable/shared';
import { Card, SignInRequired } from '../session/SignInRequired';
import { useAccount_meQuery } from './profileApi';
import { ProfileForm } from './ProfileForm';
import { PROFILE_TEXTS as T } from './profileTexts';

/** The profile with its own fetch of the user (the session keeps only what the header needs). */
function SignedInProfile() {
  const { data, isLoading, isError, refetch } = useAccount_meQuery();
  if (isLoading) return <Spinner label={T.loading} center />;
  if (isError || !data) {
    return (
      <Card role="alert">
        <p>{T.loadFailed}</p>
        <Button onClick={() => void refetch()}>{T.retry}</Button>
      </Card>
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
  return (
    <SignInRequired texts={{ title: T.signInTitle, text: T.signInText, loading: T.loading }}>
      {() => <SignedInProfile />}
    </SignInRequired>
  );
}
