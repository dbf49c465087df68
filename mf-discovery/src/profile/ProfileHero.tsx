import { routes, type CharacterProfile } from '@fable/contracts';
import styled from '@emotion/styled';
import { abbreviateCount, Avatar, Link, selectAuthStatus, selectHiddenByPartner, useAppSelector } from '@fable/shared';
import { BlockCreatorButton } from './BlockCreatorButton';
import { ProfileActions } from './ProfileActions';
import { useDiscovery_profileViewerQuery } from './profileApi';
import { Card } from './profileLayout';
import { blurAvatar, displayText, profileTitle, ratingPercent, type ProfileKind } from './profileRules';
import { PROFILE_TEXTS, VISIBILITY_LABELS } from './profileTexts';

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

/**
 * The profile's hero: the avatar (an NSFW one blurred by the member's setting), the name, title and creator, the
 * badges, the stats, the lorebook, the blocked-creator notice and the actions.
 */
export function ProfileHero({ profile, kind }: { profile: CharacterProfile; kind: ProfileKind }) {
  const signedIn = useAppSelector(selectAuthStatus) === 'authenticated';
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

  return (
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
            {PROFILE_TEXTS.lorebook}: <Link to={routes.lorebook({ id: lorebook.id })}>{displayText(lorebook.name)}</Link>
          </Lorebook>
        ) : null}
        {blockedByViewer ? (
          <BlockedNotice role="note">
            <p>{PROFILE_TEXTS.creatorBlocked}</p>
            <BlockCreatorButton profile={profile} />
          </BlockedNotice>
        ) : null}
        <ProfileActions profile={profile} kind={kind} blockedByViewer={blockedByViewer} />
      </Identity>
    </Hero>
  );
}
