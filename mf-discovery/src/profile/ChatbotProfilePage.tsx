import styled from '@emotion/styled';
import { useId, useState } from 'react';
import type { CharacterProfile } from '@fable/contracts';
import { abbreviateCount, Avatar, Button, ButtonLink, Link, selectAuthStatus, selectHiddenByPartner, TagChips, useAppSelector, useParams } from '@fable/shared';
import { useCharacters_profileQuery } from '@fable/shared/characters';
import { isNotFound } from '../apiErrors';
import { NarrowPage } from '../NarrowPage';
import { BlockCreatorButton } from './BlockCreatorButton';
import { FavoriteButton } from './FavoriteButton';
import { ChatIcon, EditIcon, FlagIcon, TagIcon } from './icons';
import { useDiscovery_profileViewerQuery } from './profileApi';
import {
  blurAvatar,
  canShare,
  definitionShown,
  displayText,
  editPath,
  profileShareUrl,
  profileTitle,
  ratingPercent,
  type ProfileKind,
} from './profileRules';
import { LoadErrorState, NotFoundState, ProfileSkeleton } from './ProfileStates';
import { PROFILE_TEXTS, TAG_SUGGESTION_TEXTS, VISIBILITY_LABELS } from './profileTexts';
import { RateChatbot } from './RateChatbot';
import { ShareButton } from './ShareButton';
import { TagSuggestionPanel } from './TagSuggestionPanel';
import { useTagSuggestion } from './tagSuggestions';

const Card = styled.section`
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0 0 12px;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.1rem;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 16px;
  }
`;

const Hero = styled(Card)`
  display: flex;
  gap: 24px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    flex-direction: column;
    align-items: center;
    text-align: center;
  }
`;

const Identity = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: clamp(1.4rem, 4vw, 2rem);
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
  .title {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  .creator {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .creator a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
    text-decoration: none;
  }
  .creator a:hover,
  .creator a:focus-visible {
    text-decoration: underline;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    justify-content: center;
  }
  span {
    padding: 2px 10px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.03em;
  }
  .nsfw {
    background: ${({ theme }) => theme.colors.errorSoft};
    border-color: transparent;
    color: ${({ theme }) => theme.colors.error};
  }
`;

const Stats = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 0;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    justify-content: center;
  }
  div {
    display: flex;
    flex-direction: column-reverse;
  }
  dt {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  dd {
    margin: 0;
    font-size: 1.1rem;
    font-weight: 700;
  }
`;

const Lorebook = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    justify-content: center;
    & > * {
      flex: 1 1 140px;
    }
  }
`;

const Secondary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    justify-content: center;
  }
  a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 6px 12px;
    border-radius: ${({ theme }) => theme.radius.pill};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
    font-weight: 600;
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  button {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  button:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const BlockedNotice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  p {
    flex: 1 1 240px;
    margin: 0;
  }
`;

const TagsHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 12px;
  h2 {
    margin: 0;
  }
`;

const Pending = styled.p`
  margin: 12px 0 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.6;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Members = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 8px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a:hover,
  a:focus-visible {
    filter: brightness(1.1);
  }
`;

function TextSection({ title, text }: { title: string; text: string | null | undefined }) {
  const id = useId();
  const shown = displayText(text);
  if (!shown) return null;
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Text>{shown}</Text>
    </Card>
  );
}

function TagsSection({ profile }: { profile: CharacterProfile }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const member = useAppSelector(selectAuthStatus) === 'authenticated';
  const { pending, save, discard } = useTagSuggestion(profile.id, member);
  const tags = profile.tags.map((tag) => displayText(tag)).filter(Boolean);
  // The creator edits their own tags; suggestions are for the other members (the API keeps them per member).
  const canSuggest = member && !profile.viewer.is_creator;
  if (tags.length === 0 && !canSuggest) return null;
  return (
    <Card aria-labelledby={titleId}>
      <TagsHeader>
        <h2 id={titleId}>{PROFILE_TEXTS.tags}</h2>
        {canSuggest ? (
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((o) => !o)}>
            <TagIcon />
            {TAG_SUGGESTION_TEXTS.open}
          </Button>
        ) : null}
      </TagsHeader>
      {tags.length > 0 ? <TagChips label={PROFILE_TEXTS.tags} tags={tags} size="sm" /> : null}
      {pending && !open ? (
        <Pending data-testid="pending-tag-suggestion">
          <strong>{TAG_SUGGESTION_TEXTS.pending}:</strong>{' '}
          {[
            pending.tags_to_add.length ? `${TAG_SUGGESTION_TEXTS.adding} ${pending.tags_to_add.join(', ')}` : '',
            pending.tags_to_remove.length ? `${TAG_SUGGESTION_TEXTS.removing} ${pending.tags_to_remove.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Pending>
      ) : null}
      {open ? (
        <div style={{ marginTop: 16 }}>
          <TagSuggestionPanel
            id={panelId}
            characterId={profile.id}
            currentTags={tags}
            pending={pending}
            onSave={save}
            onDiscard={discard}
            onClose={() => setOpen(false)}
          />
        </div>
      ) : null}
    </Card>
  );
}

function SubCharacters({ profile, kind }: { profile: CharacterProfile; kind: ProfileKind }) {
  const titleId = useId();
  const members = profile.sub_characters ?? [];
  if (members.length === 0 && kind !== 'groupchat') return null;
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>{PROFILE_TEXTS.subCharacters}</h2>
      {members.length === 0 ? (
        <Muted>{PROFILE_TEXTS.noSubCharacters}</Muted>
      ) : (
        <Members>
          {members.map((member) => {
            const name = displayText(member.name);
            return (
              <li key={member.id}>
                <Link to={`/chatbot/${encodeURIComponent(member.id)}`}>
                  <Avatar src={member.avatar_url ?? null} name={name} alt="" size="md" />
                  <span>{name}</span>
                </Link>
              </li>
            );
          })}
        </Members>
      )}
    </Card>
  );
}

function ProfileView({ profile, kind }: { profile: CharacterProfile; kind: ProfileKind }) {
  const signedIn = useAppSelector(selectAuthStatus) === 'authenticated';
  const shareHidden = useAppSelector((state) => selectHiddenByPartner(state, 'share'));
  const reportHidden = useAppSelector((state) => selectHiddenByPartner(state, 'report'));
  const tokensHidden = useAppSelector((state) => selectHiddenByPartner(state, 'token_counts'));
  const { data: viewerSettings } = useDiscovery_profileViewerQuery(undefined, { skip: !signedIn || !profile.avatar_is_nsfw });

  const creator = profile.viewer.is_creator;
  const name = displayText(profile.name);
  const title = profileTitle(profile.title);
  const percent = ratingPercent(profile.rating_score);
  const lorebook = profile.lorebooks?.[0];
  const blockedByViewer = signedIn && !creator && profile.viewer.creator_blocked;
  // Until the member's settings are known, an NSFW avatar stays blurred (the spec's default).
  const blurred = blurAvatar(profile.avatar_is_nsfw, signedIn, viewerSettings?.blurNSFW ?? true);
  const creatorPath = `/creator/${encodeURIComponent(profile.creator_username)}`;
  const showDefinition = definitionShown(profile);

  return (
    <NarrowPage as="article" aria-label={name}>
      <Hero>
        <Avatar
          src={profile.avatar_url}
          name={name}
          size={160}
          shape="rounded"
          nsfw={profile.avatar_is_nsfw}
          blur={blurred}
          revealable={signedIn}
          nsfwLabel={PROFILE_TEXTS.nsfw}
        />
        <Identity>
          <h1>{name}</h1>
          {title ? <p className="title">{title}</p> : null}
          <p className="creator">
            {PROFILE_TEXTS.byCreator}{' '}
            <Link to={creatorPath} aria-label={PROFILE_TEXTS.creatorLinkLabel(profile.creator_username)}>
              @{profile.creator_username}
            </Link>
          </p>
          {profile.is_nsfw || profile.visibility !== 'public' ? (
            <Badges>
              {profile.is_nsfw ? <span className="nsfw">{PROFILE_TEXTS.nsfw}</span> : null}
              {profile.visibility !== 'public' ? <span>{VISIBILITY_LABELS[profile.visibility]}</span> : null}
            </Badges>
          ) : null}
          <Stats aria-label={PROFILE_TEXTS.stats}>
            <div>
              <dt>{PROFILE_TEXTS.messages}</dt>
              <dd>{abbreviateCount(profile.num_messages)}</dd>
            </div>
            <div>
              <dt>{PROFILE_TEXTS.rating}</dt>
              <dd>{percent === null ? PROFILE_TEXTS.noRating : `${percent}%`}</dd>
            </div>
            {!tokensHidden && profile.token_count !== undefined ? (
              <div>
                <dt>{PROFILE_TEXTS.tokens}</dt>
                <dd>{abbreviateCount(profile.token_count)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{PROFILE_TEXTS.favorites}</dt>
              <dd>{abbreviateCount(profile.num_favorites)}</dd>
            </div>
          </Stats>
          {lorebook ? (
            <Lorebook>
              {PROFILE_TEXTS.lorebook}: <Link to={`/lorebook/${encodeURIComponent(lorebook.id)}`}>{displayText(lorebook.name)}</Link>
            </Lorebook>
          ) : null}
          {blockedByViewer ? (
            <BlockedNotice role="note">
              <p>{PROFILE_TEXTS.creatorBlocked}</p>
              <BlockCreatorButton profile={profile} />
            </BlockedNotice>
          ) : null}
          <Actions>
            {blockedByViewer ? null : (
              <ButtonLink to={`/chat/${encodeURIComponent(profile.id)}`}>
                <ChatIcon />
                {PROFILE_TEXTS.chatNow}
              </ButtonLink>
            )}
            {creator ? (
              <ButtonLink variant="secondary" to={editPath(kind, profile.id)}>
                <EditIcon />
                {PROFILE_TEXTS.editChatbot}
              </ButtonLink>
            ) : (
              <>
                <FavoriteButton profile={profile} />
                <RateChatbot profile={profile} />
              </>
            )}
            {canShare(profile, shareHidden) ? <ShareButton url={profileShareUrl(window.location.origin, kind, profile.id)} /> : null}
          </Actions>
          {!creator && (!reportHidden || (signedIn && !blockedByViewer)) ? (
            <Secondary>
              {!reportHidden ? (
                <Link to={`/report/${encodeURIComponent(profile.id)}`}>
                  <FlagIcon />
                  {PROFILE_TEXTS.report}
                </Link>
              ) : null}
              {signedIn && !blockedByViewer ? <BlockCreatorButton profile={profile} /> : null}
            </Secondary>
          ) : null}
        </Identity>
      </Hero>

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
