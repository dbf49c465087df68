import styled from '@emotion/styled';
import { routes } from '@fable/contracts';
import { readImpersonation, selectSession, selectUser, stopImpersonation, useAppSelector } from '@fable/shared';
import { Link } from 'react-router';
import { IMPERSONATION_TEXTS, SHADOW_BAN_TEXT } from './banScreenTexts';
import { shadowBanOf } from './banKind';

const RedBar = styled.div`
  /* Above the ban screen's overlay: an admin viewing a member on hold keeps the way out in sight. */
  position: relative;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 6px 16px;
  padding: 8px 16px;
  background: #b3261e;
  color: #ffffff;
  font-size: 0.9rem;
  strong {
    font-weight: 700;
  }
  button {
    border: 1px solid #ffffff;
    border-radius: 999px;
    background: transparent;
    color: #ffffff;
    padding: 4px 14px;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button:hover {
    background: rgba(255, 255, 255, 0.15);
  }
  button:focus-visible {
    outline: 2px solid #ffffff;
    outline-offset: 2px;
  }
`;

/**
 * The red "Impersonate is Enabled" bar (document 1 §2), shown while the API answers as the impersonated member, with
 * the way out (back to the admin's own view of the admin users page).
 */
export function ImpersonationBar() {
  const session = useAppSelector(selectSession);
  const target = readImpersonation();
  if (!session.impersonate || !target || session.user?.id !== target.userId) return null;
  return (
    <RedBar role="region" aria-label={IMPERSONATION_TEXTS.bar}>
      <strong>{IMPERSONATION_TEXTS.bar}</strong>
      <span>{IMPERSONATION_TEXTS.viewingAs(target.username ?? target.userId)}</span>
      <button type="button" onClick={() => stopImpersonation(`/admin/users/${target.userId}`)}>
        {IMPERSONATION_TEXTS.stop}
      </button>
    </RedBar>
  );
}

const Notice = styled.div`
  margin: 12px 24px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  strong {
    display: block;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
  @media (max-width: 600px) {
    margin: 8px 12px;
  }
`;

/** The shadow-ban banner (document 1 §6 temporary_shadowban): what it means and until when. */
export function ShadowBanBanner() {
  const shadowBan = shadowBanOf(useAppSelector(selectUser)?.restrictions);
  if (!shadowBan?.expires_at) return null;
  return (
    <Notice role="status">
      <strong>{SHADOW_BAN_TEXT.title}</strong>
      {SHADOW_BAN_TEXT.body(new Date(shadowBan.expires_at).toLocaleString())} <Link to={routes.guidelines()}>Guidelines</Link>
    </Notice>
  );
}
