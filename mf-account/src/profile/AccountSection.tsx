import { routes, type SessionUser as ApiUser } from '@fable/contracts';
import styled from '@emotion/styled';
import { useState } from 'react';
import { Button, signOutRequested, useAppDispatch, useNavigate, useNotify } from '@fable/shared';
import { AccountRemovalDialog, SubscriptionWarningDialog, hasActiveSubscription } from './AccountRemoval';
import { useAccount_removeAccountMutation } from './profileApi';
import { profileApiError } from './profileForm';
import { Section, SpreadRow } from './profileLayout';
import { PROFILE_TEXTS as T } from './profileTexts';

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

/**
 * The Account section: Logout, and Remove Account with what it erases (a subscriber is warned first that it cancels
 * the subscription; the removal counts down). Once removed: `onRemoved` (the page stops guarding), sign out, home.
 */
export function AccountSection({ user, onLogout, onRemoved }: { user: ApiUser; onLogout: () => void; onRemoved: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const [removal, setRemoval] = useState<'warning' | 'confirm' | null>(null);
  const [removeAccount] = useAccount_removeAccountMutation();

  const onRemove = async () => {
    const result = await removeAccount();
    if ('error' in result && result.error) {
      throw new Error(profileApiError(result.error).form ?? T.generic);
    }
    onRemoved();
    setRemoval(null);
    notify.success(T.removed, { duration: 'long' });
    dispatch(signOutRequested());
    navigate(routes.home(), { replace: true });
  };

  return (
    <Section aria-labelledby="account-section">
      <h2 id="account-section">{T.accountSection}</h2>
      <SpreadRow>
        <span>{user.email ?? `@${user.username ?? ''}`}</span>
        <Button variant="secondary" onClick={onLogout}>
          {T.logout}
        </Button>
      </SpreadRow>
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
      <SubscriptionWarningDialog
        open={removal === 'warning'}
        onClose={() => setRemoval((r) => (r === 'warning' ? null : r))}
        onProceed={() => setRemoval('confirm')}
      />
      <AccountRemovalDialog open={removal === 'confirm'} onClose={() => setRemoval(null)} onRemove={onRemove} />
    </Section>
  );
}
