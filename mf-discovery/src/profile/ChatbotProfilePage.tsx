import type { CharacterProfile } from '@fable/contracts';
import { selectAuthStatus, useAppSelector, useParams } from '@fable/shared';
import { useCharacters_profileQuery } from '@fable/shared/characters';
import { isNotFound } from '../apiErrors';
import { NarrowPage } from '../NarrowPage';
import { ProfileHero } from './ProfileHero';
import { Card, Muted } from './profileLayout';
import { definitionShown, displayText, type ProfileKind } from './profileRules';
import { SubCharacters, TextSection } from './ProfileSections';
import { LoadErrorState, NotFoundState, ProfileSkeleton } from './ProfileStates';
import { PROFILE_TEXTS } from './profileTexts';
import { TagsSection } from './TagsSection';

/** The profile: the hero (`ProfileHero`), the tags, the sub-characters, the greeting and the definition if shown. */
function ProfileView({ profile, kind }: { profile: CharacterProfile; kind: ProfileKind }) {
  const name = displayText(profile.name);
  const showDefinition = definitionShown(profile);

  return (
    <NarrowPage as="article" aria-label={name}>
      <ProfileHero profile={profile} kind={kind} />

      <TagsSection profile={profile} />
      <SubCharacters profile={profile} kind={kind} />
      <TextSection title={PROFILE_TEXTS.greeting} text={profile.greeting} />
      {showDefinition ? (
        <>
          <TextSection title={PROFILE_TEXTS.personality} text={profile.persona} />
          <TextSection title={PROFILE_TEXTS.scenario} text={profile.scenario} />
          <TextSection title={PROFILE_TEXTS.exampleDialogues} text={profile.dialogue} />
        </>
      ) : (
        <Card>
          <Muted>{PROFILE_TEXTS.definitionHidden}</Muted>
        </Card>
      )}
    </NarrowPage>
  );
}

function ProfileRoute({ kind }: { kind: ProfileKind }) {
  const { characterId = '' } = useParams();
  const sessionKnown = useAppSelector(selectAuthStatus) !== 'loading';
  // Asked once the session is known, so that the call carries the token (viewer state) or the guest id.
  const { currentData, error, isError, isFetching, refetch } = useCharacters_profileQuery(characterId, { skip: !sessionKnown || !characterId });

  if (!characterId || isNotFound(error)) return <NotFoundState />;
  if (isError && !isFetching) return <LoadErrorState onRetry={() => void refetch()} />;
  if (!currentData) return <ProfileSkeleton />;
  return <ProfileView profile={currentData} kind={kind} />;
}

/** `/chatbot/:characterId`: the chatbot profile (document 1 §2 "Chatbot profile"). */
export function ChatbotProfilePage() {
  return <ProfileRoute kind="chatbot" />;
}

/** `/groupchat/:characterId`: the profile of a bot with sub-characters (document 1 §2). */
export function GroupchatProfilePage() {
  return <ProfileRoute kind="groupchat" />;
}
