import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { useRef } from 'react';
import { SITE_PATH, type ChatAd } from '@fable/contracts';
import { Link, useAppSelector } from '@fable/shared';
import { useSeenOnce } from '@fable/shared/visibility';
import { useChat_adEventMutation } from './chatAdsApi';
import { CHAT_AD_TEXTS } from './chatAdTexts';

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.5;
`;

const Label = styled.span`
  flex: none;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.75rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const Content = styled.p`
  flex: 1 1 220px;
  min-width: 0;
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const cta = ({ theme }: { theme: Theme }) => css`
  flex: none;
  margin-left: auto;
  font-weight: 600;
  color: ${theme.colors.primaryText};
  text-decoration: underline;
  border-radius: ${theme.radius.sm};
  &:focus-visible {
    outline: 2px solid ${theme.colors.primary};
    outline-offset: 2px;
  }
`;
const CtaLink = styled(Link)(cta);
const CtaAnchor = styled.a(cta);

export interface ChatAdCardProps {
  ad: ChatAd;
  characterId: string;
  conversationId: string;
}

/**
 * A house ad in the transcript, after the message it follows: labelled "Ad", its words as plain text and its call to
 * action (a path of the site, or another site in a new tab). Seen at half visible and clicked each post an event,
 * fire and forget (document 1 §7 POST event ads_megabrain_view / ads_megabrain_click).
 */
export function ChatAdCard({ ad, characterId, conversationId }: ChatAdCardProps) {
  const ref = useRef<HTMLLIElement>(null);
  const [postEvent] = useChat_adEventMutation();
  // An admin viewing the site as this member only looks: the API keeps those calls read-only.
  const impersonating = useAppSelector((s) => !!s.session.impersonate);
  const post = (eventName: 'ads_megabrain_view' | 'ads_megabrain_click') => {
    if (impersonating) return;
    const body = { event_name: eventName, character_id: characterId, conversation_id: conversationId, ad_id: ad.ad_id, code: ad.code, message_id: ad.message_id, content: ad.content };
    // Counting is the API's concern: a failure changes nothing for the reader.
    postEvent(body).unwrap().catch(() => undefined);
  };
  useSeenOnce(ref, () => post('ads_megabrain_view'), `${ad.ad_id}:${ad.message_id}`);
  const onClick = () => post('ads_megabrain_click');
  const internal = SITE_PATH.test(ad.cta.to);

  return (
    <Row ref={ref} data-ad-id={ad.ad_id}>
      <Label>{CHAT_AD_TEXTS.label}</Label>
      <Content>{ad.content}</Content>
      {internal ? (
        <CtaLink to={ad.cta.to} onClick={onClick}>
          {ad.cta.label}
        </CtaLink>
      ) : (
        <CtaAnchor href={ad.cta.to} target="_blank" rel="noopener noreferrer sponsored" onClick={onClick}>
          {ad.cta.label}
        </CtaAnchor>
      )}
    </Row>
  );
}
