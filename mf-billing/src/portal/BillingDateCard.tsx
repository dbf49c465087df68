import type { PortalSubscription } from '@fable/contracts';
import { formatPortalDate } from './portalRules';
import { PortalCard } from './portalLayout';
import { PORTAL_TEXTS as T } from './portalTexts';

/**
 * The date card (document 2 §4): 'Next charge date' for active and grace, 'Your access ends on' for cancelled, and
 * 'Your subscription has expired.' once it has.
 */
export function BillingDateCard({ sub }: { sub: PortalSubscription }) {
  const status = sub.subscription_status;
  const date = formatPortalDate(sub.recur_at);
  if (status === 'expired') {
    return (
      <PortalCard aria-labelledby="portal-billing-date" data-testid="portal-billing-date">
        <h2 id="portal-billing-date">{T.renewal}</h2>
        <p className="value">{T.expired}</p>
      </PortalCard>
    );
  }
  const label = status === 'cancelled' ? T.accessEndsOn : T.nextChargeDate;
  return (
    <PortalCard aria-labelledby="portal-billing-date" data-testid="portal-billing-date">
      <h2 id="portal-billing-date">{label}</h2>
      <p className="value">
        <time dateTime={sub.recur_at}>{date}</time>
      </p>
    </PortalCard>
  );
}
