import { Button, EmptyState, Spinner } from '@fable/shared';
import { BillingDateCard } from './BillingDateCard';
import { CurrentPlanCard } from './CurrentPlanCard';
import { PaymentMethodCard } from './PaymentMethodCard';
import { PlanActions } from './PlanActions';
import { useBilling_profileQuery } from '../subscribe/subscribeApi';
import { SUBSCRIBE_TEXTS } from '../subscribe/subscribeTexts';
import { useBilling_portalSubscriptionQuery } from './portalApi';
import { CardsGrid, Note, PortalPageFrame } from './portalLayout';
import { managedElsewhere } from './portalRules';
import { PLATFORM_NAMES, PORTAL_TEXTS as T } from './portalTexts';

/** The 'switch device' message (document 2 §6) or, for a supporter platform, where to manage the subscription. */
function ManagedElsewhereNotice({ platform }: { platform: string }) {
  const inApp = platform === 'revenuecat';
  return (
    <Note tone="info" role="note" data-testid="portal-managed-elsewhere" style={{ marginBottom: 16 }}>
      <strong>{inApp ? SUBSCRIBE_TEXTS.deviceSwitchTitle : T.supporterTitle}</strong>
      <br />
      {inApp ? SUBSCRIBE_TEXTS.deviceSwitch : T.supporter(PLATFORM_NAMES[platform] ?? platform)}
    </Note>
  );
}

/**
 * /portal and /manage-subscription (document 2 §2, §4, §6, §8): the subscription's current plan, next charge date
 * (or the date access ends), payment method and plan actions. No subscription: an empty state that leads to /subscribe.
 * A member whose subscription is managed elsewhere (the mobile app's store, a supporter platform) gets the message
 * saying so, and nothing can be done here.
 */
export function PortalPage() {
  const subscription = useBilling_portalSubscriptionQuery();
  const user = useBilling_profileQuery();
  const elsewhere = managedElsewhere(user.data);

  let content;
  if (subscription.isLoading || user.isLoading) {
    content = <Spinner center label={T.loading} />;
  } else if (subscription.isError) {
    content = (
      <EmptyState title={T.loadError}>
        <Button variant="secondary" onClick={() => void subscription.refetch()} loading={subscription.isFetching}>
          {T.retry}
        </Button>
      </EmptyState>
    );
  } else if (!subscription.data) {
    content = elsewhere ? (
      <ManagedElsewhereNotice platform={elsewhere} />
    ) : (
      <EmptyState title={T.emptyTitle} description={T.emptyDescription} action={{ label: T.emptyAction, to: '/subscribe' }} />
    );
  } else {
    const sub = subscription.data;
    content = (
      <>
        {elsewhere ? <ManagedElsewhereNotice platform={elsewhere} /> : null}
        <CardsGrid>
          <CurrentPlanCard sub={sub} />
          <BillingDateCard sub={sub} />
          <PaymentMethodCard sub={sub} />
          <PlanActions sub={sub} disabled={elsewhere !== null} />
        </CardsGrid>
      </>
    );
  }

  return (
    <PortalPageFrame as="section" width={880} data-testid="portal-page" aria-busy={subscription.isFetching || undefined}>
      <h1>{T.title}</h1>
      {content}
    </PortalPageFrame>
  );
}
