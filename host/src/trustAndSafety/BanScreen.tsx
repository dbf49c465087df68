import styled from '@emotion/styled';
import { useCallback } from 'react';
import { routes } from '@fable/contracts';
import { api, ButtonLink, selectDeployment, selectUser, useAppDispatch, useAppSelector } from '@fable/shared';
import { useHost_getModerationQuery } from './moderationApi';
import { BrandLink } from '../layout/Footer';
import { BAN_SCREEN_TEXTS as T } from './banScreenTexts';
import { banOf } from './banKind';
import { HoldCountdown } from './Countdown';

const Box = styled.section`
  max-width: 560px;
  margin: 48px auto;
  padding: 32px 28px;
  display: flex;
  flex-direction: column;
  gap: 14px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: 600px) {
    margin: 16px auto;
    padding: 24px 16px;
  }
`;

const Reason = styled.div`
  text-align: left;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.errorSoft};
  color: ${({ theme }) => theme.colors.text};
  h2 {
    margin: 0 0 4px;
    font-size: 0.85rem;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  p {
    color: ${({ theme }) => theme.colors.text};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 10px;
  margin-top: 6px;
  .contact {
    align-self: center;
  }
  .contact a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
`;

/**
 * The ban screen (document 1 §2): Terminated, Temporary Hold with its countdown (GET users/moderation's expires_at),
 * or Restricted, with the statement of reasons the admin wrote, and buttons for guidelines, continue to site and
 * contact us. `onContinue` is what "Continue to site" does besides going home (the interstitial remembers it).
 */
export function BanScreen({ onContinue }: { onContinue?: () => void }) {
  const ban = banOf(useAppSelector(selectUser)?.restrictions);
  const support = useAppSelector(selectDeployment)?.brand.links.support ?? null;
  const temporary = ban?.kind === 'temporary';
  const { data } = useHost_getModerationQuery(undefined, { skip: !temporary });
  const dispatch = useAppDispatch();
  // When the hold ends the user is read again: the permissions come back and the screen goes.
  const onEnd = useCallback(() => void dispatch(api.util.invalidateTags(['User'])), [dispatch]);
  if (!ban) return null;
  const expiresAt = data?.expires_at ?? ban.expires_at;
  return (
    <Box aria-labelledby="ban-title">
      <h1 id="ban-title">{T.titles[ban.kind]}</h1>
      <p>{T.descriptions[ban.kind]}</p>
      {temporary && expiresAt ? <HoldCountdown until={expiresAt} onEnd={onEnd} /> : null}
      {ban.reason ? (
        <Reason>
          <h2>{T.reasonHeading}</h2>
          <p>{ban.reason}</p>
        </Reason>
      ) : null}
      <Actions>
        <ButtonLink to={routes.guidelines()} variant="secondary">
          {T.guidelines}
        </ButtonLink>
        <ButtonLink to={routes.home()} onClick={onContinue}>
          {T.continueToSite}
        </ButtonLink>
        {support ? (
          <span className="contact">
            <BrandLink to={support}>{T.contactUs}</BrandLink>
          </span>
        ) : null}
      </Actions>
    </Box>
  );
}
