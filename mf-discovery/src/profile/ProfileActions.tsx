import { routes, type CharacterProfile } from '@fable/contracts';
import styled from '@emotion/styled';
import { ButtonLink, Link, selectAuthStatus, selectHiddenByPartner, useAppSelector } from '@fable/shared';
import { BlockCreatorButton } from './BlockCreatorButton';
import { FavoriteButton } from './FavoriteButton';
import { ChatIcon, EditIcon, FlagIcon } from './icons';
import { canShare, editPath, profileShareUrl, type ProfileKind } from './profileRules';
import { PROFILE_TEXTS } from './profileTexts';
import { RateChatbot } from './RateChatbot';
import { ShareButton } from './ShareButton';

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

interface ProfileActionsProps {
  profile: CharacterProfile;
  kind: ProfileKind;
  /** The member blocked the creator: no Chat now, and Block sits in the notice above. */
  blockedByViewer: boolean;
}

/**
 * The profile's actions: Chat now, Edit (the creator) or Favorite and Rate (the others), Share; then Report and Block
 * creator for the others.
 */
export function ProfileActions({ profile, kind, blockedByViewer }: ProfileActionsProps) {
  const signedIn = useAppSelector(selectAuthStatus) === 'authenticated';
  const shareHidden = useAppSelector((state) => selectHiddenByPartner(state, 'share'));
  const reportHidden = useAppSelector((state) => selectHiddenByPartner(state, 'report'));
  const creator = profile.viewer.is_creator;
  return (
    <>
      <Actions>
        {blockedByViewer ? null : (
          <ButtonLink to={routes.chat({ characterId: profile.id })}>
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
            <Link to={routes.reportCharacter({ characterId: profile.id })}>
              <FlagIcon />
              {PROFILE_TEXTS.report}
            </Link>
          ) : null}
          {signedIn && !blockedByViewer ? <BlockCreatorButton profile={profile} /> : null}
        </Secondary>
      ) : null}
    </>
  );
}
