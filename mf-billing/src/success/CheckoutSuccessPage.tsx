import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { BILLING_TIMINGS, routes } from '@fable/contracts';
import { api, ButtonLink, EmptyState, renewAccessToken, selectIsSignedIn, Spinner, useAppDispatch, useAppSelector, useSearchParams } from '@fable/shared';
import { useCheckout_orderQuery } from '../checkout/checkoutApi';
import { formatPrice } from '../plans/plans';
import { readSuccessDetails, type SuccessDetails } from './successParams';

/** The success page's words: the labels and Start Chatting are the spec's (document 2 §2); the sentences ours. */
export const SUCCESS_TEXTS = {
  title: 'Thank you for subscribing!',
  body: 'Your payment went through and your new plan is active. Your benefits unlock in a few seconds.',
  details: 'Payment Details',
  plan: 'Plan',
  date: 'Date',
  orderId: 'Order ID',
  subscriptionId: 'Subscription ID',
  transactionId: 'Transaction ID',
  total: 'Total',
  status: 'Status',
  success: 'Success',
  startChatting: 'Start Chatting',
  pending: 'We are waiting for the payment provider to confirm your payment…',
  stillPending: 'Your payment is still being confirmed. You will get an email when it completes; you can start chatting meanwhile.',
  failed: 'Your payment did not go through.',
  backToCheckout: 'Back to checkout',
  loadError: 'The order could not be loaded.',
} as const;
const T = SUCCESS_TEXTS;

/** How often and how many times a pending order (a redirect provider's return) is read again. */
export const ORDER_POLL = { intervalMs: 2000, attempts: 5 } as const;

const Page = styled.div`
  max-width: 640px;
  margin: 0 auto;
  padding: 32px 16px 48px;
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
  h1 {
    margin: 0 0 8px;
    font-size: clamp(1.5rem, 4vw, 2rem);
  }
  > p {
    margin: 0 auto 24px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Details = styled.section`
  text-align: left;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  padding: 20px;
  margin-bottom: 24px;
  h2 {
    margin: 0 0 12px;
    font-size: 1.1rem;
  }
  dl {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 10px 16px;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    overflow-wrap: anywhere;
    font-variant-numeric: tabular-nums;
  }
  .ok {
    color: ${({ theme }) => theme.colors.success};
    font-weight: 700;
  }
`;

function formatDate(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The member's token is force-refreshed ~5 s after load, and the user read again, so the tier label follows. */
function useTokenRefreshAfterLoad() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => {
      void dispatch(renewAccessToken()).then(() => dispatch(api.util.invalidateTags(['User'])));
    }, BILLING_TIMINGS.successTokenRefreshMs);
    return () => clearTimeout(timer);
  }, [dispatch, signedIn]);
}

/**
 * /checkout/success (document 2 §2): thank-you text, Payment Details (Plan, Date, Order ID, Subscription ID,
 * Transaction ID, Status Success) from the query, or from the order when only order_id is given (the return from a
 * redirect provider; a pending order is read again a few times), and Start Chatting to /.
 */
export function CheckoutSuccessPage() {
  const [query] = useSearchParams();
  const fromQuery = readSuccessDetails(query);
  const needsOrder = fromQuery.order_id !== null && (fromQuery.plan === null || fromQuery.subscription_id === null);
  const [polls, setPolls] = useState(0);
  const order = useCheckout_orderQuery(fromQuery.order_id ?? '', { skip: !needsOrder });
  const status = order.data?.status;
  const waiting = needsOrder && (status === 'pending' || status === 'requires_action');
  const giveUp = waiting && polls >= ORDER_POLL.attempts;
  useTokenRefreshAfterLoad();

  const { refetch } = order;
  useEffect(() => {
    if (!waiting || giveUp) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void refetch();
    }, ORDER_POLL.intervalMs);
    return () => clearTimeout(timer);
  }, [waiting, giveUp, polls, refetch]);

  if (needsOrder && order.isLoading) return <Spinner center label={T.pending} />;
  if (needsOrder && order.isError) {
    return (
      <Page>
        <EmptyState title={T.loadError} action={{ label: T.startChatting, to: routes.home() }} />
      </Page>
    );
  }
  if (needsOrder && (status === 'failed' || status === 'canceled')) {
    return (
      <Page>
        <EmptyState
          title={T.failed}
          description={order.data?.error_message ?? undefined}
          action={{ label: T.backToCheckout, to: `/checkout?plan_id=${encodeURIComponent(order.data?.plan_id ?? '')}` }}
        />
      </Page>
    );
  }
  if (waiting) {
    return (
      <Page>
        <h1>{T.title}</h1>
        {giveUp ? <p role="status">{T.stillPending}</p> : <Spinner center label={T.pending} />}
        {!giveUp && <p role="status">{T.pending}</p>}
        <ButtonLink to={routes.home()}>{T.startChatting}</ButtonLink>
      </Page>
    );
  }

  const details: SuccessDetails =
    needsOrder && order.data
      ? {
          orderTotal: String(order.data.orderTotal),
          order_id: order.data.order_id,
          subscription_id: order.data.subscription_id ?? null,
          transactionID: order.data.transaction_id ?? null,
          plan: order.data.plan,
          date: order.data.date,
          currency: order.data.currency,
        }
      : fromQuery;
  const total = details.orderTotal !== null && !Number.isNaN(Number(details.orderTotal)) ? formatPrice(Number(details.orderTotal), details.currency) : null;
  return (
    <Page>
      <h1>{T.title}</h1>
      <p>{T.body}</p>
      <Details aria-labelledby="payment-details-title">
        <h2 id="payment-details-title">{T.details}</h2>
        <dl>
          <dt>{T.plan}</dt>
          <dd>{details.plan ?? '—'}</dd>
          <dt>{T.date}</dt>
          <dd>{formatDate(details.date)}</dd>
          {total && (
            <>
              <dt>{T.total}</dt>
              <dd>{total}</dd>
            </>
          )}
          <dt>{T.orderId}</dt>
          <dd>{details.order_id ?? '—'}</dd>
          <dt>{T.subscriptionId}</dt>
          <dd>{details.subscription_id ?? '—'}</dd>
          <dt>{T.transactionId}</dt>
          <dd>{details.transactionID ?? '—'}</dd>
          <dt>{T.status}</dt>
          <dd className="ok">{T.success}</dd>
        </dl>
      </Details>
      <ButtonLink to={routes.home()}>{T.startChatting}</ButtonLink>
    </Page>
  );
}
