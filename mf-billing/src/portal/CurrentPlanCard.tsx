import type { PortalSubscription } from '@fable/contracts';
import { formatPrice } from '../plans/plans';
import { frequencyOf } from './portalRules';
import { Note, PortalCard, StatusTag } from './portalLayout';
import { PORTAL_TEXTS as T } from './portalTexts';

/**
 * The current plan: its name and price, the Cancelled / Payment failed / Expired tag, and, when the next plan differs
 * from the current one, the note that names the current plan (document 2 §4).
 */
export function CurrentPlanCard({ sub }: { sub: PortalSubscription }) {
  const { current_product: current, next_product: next, subscription_status: status } = sub;
  const per = frequencyOf(current.plan_id) === 'annual' ? T.perYear : T.perMonth;
  const changing = current.plan_id !== next.plan_id && status !== 'expired';
  return (
    <PortalCard aria-labelledby="portal-current-plan" data-testid="portal-current-plan">
      <h2 id="portal-current-plan">{T.currentPlan}</h2>
      <p className="value">
        <span>{current.name}</span>
        {status === 'cancelled' ? <StatusTag tone="warning">{T.cancelledTag}</StatusTag> : null}
        {status === 'grace' ? <StatusTag tone="error">{T.paymentFailedTag}</StatusTag> : null}
        {status === 'expired' ? <StatusTag tone="error">{T.expiredTag}</StatusTag> : null}
      </p>
      <p className="muted">
        {formatPrice(current.price, current.currency)} {per}
      </p>
      {sub.frequency ? <p className="muted">{sub.frequency}</p> : null}
      {changing ? <Note tone="info">{T.nextPlanNote(current.name, next.name)}</Note> : null}
    </PortalCard>
  );
}
