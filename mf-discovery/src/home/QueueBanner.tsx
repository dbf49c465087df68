import styled from '@emotion/styled';
import { routes, waitingBannerText, type queueCalls, type QueueOutlook } from '@fable/contracts';
import { api, ButtonLink, selectAuthStatus, selectHiddenByPartner, selectPermissions, selectUser, useAppSelector, type CallOf } from '@fable/shared';

/** GET queue/outlook (contracts' queueCalls): the line a newcomer would meet, joining nothing. */
export const QUEUE_OUTLOOK_CALL: CallOf<(typeof queueCalls)['outlook']> = { method: 'GET', path: '/queue/outlook' };

/** How often the banner asks again (the line moves; the spec's queue retry is 30 s, a listing needs less). */
export const OUTLOOK_REFRESH_MS = 60_000;

const outlookApi = api.injectEndpoints({
  endpoints: (build) => ({
    discovery_queueOutlook: build.query<QueueOutlook, void>({ query: () => ({ url: QUEUE_OUTLOOK_CALL.path, method: QUEUE_OUTLOOK_CALL.method }) }),
  }),
});

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin: 0 0 12px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
  strong {
    font-weight: 600;
  }
`;

export const QUEUE_BANNER_TEXTS = { skip: 'Skip the waiting line', upgrade: 'Upgrade' } as const;

/**
 * The home listing's waiting-queue banner (document 1 §2): while people wait to chat, guests and free members see
 * the wait they would meet and the way to skip it. Never for skip-the-line members, premium, or in partner mode.
 */
export function QueueBanner() {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const permissions = useAppSelector(selectPermissions);
  const hidden = useAppSelector((s) => selectHiddenByPartner(s, 'waiting_queue'));
  const concerned = !hidden && (status === 'guest' || status === 'authenticated') && !permissions.includes('skip_waiting_room') && user?.tier !== 'premium';
  const { data } = outlookApi.useDiscovery_queueOutlookQuery(undefined, { skip: !concerned, pollingInterval: OUTLOOK_REFRESH_MS });
  if (!concerned || !data?.applies || data.waiting === 0) return null;
  return (
    <Banner role="status" aria-live="polite">
      <strong>{waitingBannerText(data.waiting + 1, data.time_left)}</strong>
      <span>{QUEUE_BANNER_TEXTS.skip}</span>
      <ButtonLink to={routes.subscribe()}>{QUEUE_BANNER_TEXTS.upgrade}</ButtonLink>
    </Banner>
  );
}
