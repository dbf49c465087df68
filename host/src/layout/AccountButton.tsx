import styled from '@emotion/styled';
import { TIER_MARKETING_NAME } from '@fable/contracts';
import { Button, Dropdown, selectAuthStatus, selectUser, signOutRequested, useAppDispatch, useAppSelector } from '@fable/shared';
import { useFreshUser } from '../auth/useFreshUser';
import { slotFillers, useShellRemotes } from '../remotes/shellRemotes';

const Placeholder = styled.span`
  display: inline-block;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  @media (prefers-reduced-motion: no-preference) {
    animation: fable-pulse 1.2s ease-in-out infinite alternate;
  }
  @keyframes fable-pulse {
    to {
      opacity: 0.45;
    }
  }
`;

const Menu = styled(Dropdown)`
  & > button {
    padding: 2px 8px 2px 2px;
    gap: 8px;
    min-width: 0;
  }
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
  .initial::before {
    content: attr(data-initial);
  }
  .tier {
    font-size: 0.75rem;
    font-weight: 500;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  @media (max-width: 600px) {
    .tier {
      display: none;
    }
  }
`;

/** Texts of the account menu (document 1 §2: "Sign In / Sign Out button"; "avatar with profile link and tier label"). */
export const ACCOUNT_TEXTS = { signIn: 'Sign In', signOut: 'Sign Out', profile: 'Profile', loading: 'Loading your account' } as const;

/**
 * The header's account slot (document 1 §2 Header): a placeholder while the session resolves, the Sign In button,
 * or the avatar with the tier label opening a small menu (Profile, Sign Out).
 */
export function AccountButton({ onSignIn }: { onSignIn: () => void }) {
  useFreshUser();
  const remotes = useShellRemotes();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  if (status === 'loading') return <Placeholder role="status" aria-label={ACCOUNT_TEXTS.loading} data-testid="account-loading" />;
  if (status !== 'authenticated' || !user) {
    return (
      <Button size="sm" onClick={onSignIn} data-testid="sign-in" style={{ whiteSpace: 'nowrap' }}>
        {ACCOUNT_TEXTS.signIn}
      </Button>
    );
  }
  const name = user.name ?? user.username ?? user.email ?? 'You';
  const tierLabel = TIER_MARKETING_NAME[user.tier] ?? 'Free';
  return (
    <Menu
      variant="ghost"
      align="end"
      aria-label={`Account menu of ${name}, ${tierLabel}`}
      label={
        <>
          {user.avatarUrl ? (
            <img className="avatar" src={user.avatarUrl} alt="" />
          ) : (
            // The initial is drawn by CSS, not text: the button's visible text stays the tier label, which its name holds.
            <span className="avatar initial" aria-hidden="true" data-initial={name.slice(0, 1).toUpperCase()} />
          )}
          <span className="tier">{tierLabel}</span>
        </>
      }
      items={[
        // The account pages are the account remote's: it puts them in the account-menu slot (Profile → /profile).
        ...slotFillers(remotes, 'accountMenu')
          .flatMap(({ fill }) => fill)
          .sort((a, b) => a.order - b.order)
          .map(({ id, label, to }) => ({ id, label, to })),
        { id: 'sign-out', label: ACCOUNT_TEXTS.signOut, onSelect: () => dispatch(signOutRequested()) },
      ]}
    />
  );
}
