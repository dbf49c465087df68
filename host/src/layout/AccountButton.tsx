import styled from '@emotion/styled';
import { Link } from 'react-router';
import { TIER_MARKETING_NAME } from '@fable/contracts';
import { Button, selectAuthStatus, selectUser, useAppSelector } from '@fable/shared';

const Profile = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  text-decoration: none;
  min-width: 0;
  .avatar {
    width: 36px;
    height: 36px;
    border-radius: 50%;
    object-fit: cover;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    font-weight: 700;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border: 2px solid ${({ theme }) => theme.colors.primary};
    flex-shrink: 0;
  }
  .tier {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  @media (max-width: 600px) {
    .tier {
      display: none;
    }
  }
`;

/** Avatar with profile link and tier label, or a Sign In button (document 1 §2 Header). */
export function AccountButton({ onSignIn }: { onSignIn: () => void }) {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  if (status === 'loading') return null;
  if (status !== 'authenticated' || !user) {
    return (
      <Button size="sm" onClick={onSignIn} data-testid="sign-in" style={{ whiteSpace: 'nowrap' }}>
        Sign In
      </Button>
    );
  }
  const name = user.name ?? user.username ?? 'You';
  const tierLabel = TIER_MARKETING_NAME[user.tier] ?? 'Free';
  return (
    <Profile to="/profile" aria-label={`Profile of ${name}, ${tierLabel}`} data-testid="profile-link">
      {user.avatarUrl ? (
        <img className="avatar" src={user.avatarUrl} alt="" />
      ) : (
        <span className="avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="tier">{tierLabel}</span>
    </Profile>
  );
}
