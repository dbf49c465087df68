import { routes } from '@fable/contracts';
import { Link } from '@fable/shared';
import { SupportLink } from '../brand/SupportLink';
import { useBrandInfo } from '../brand/useBrandInfo';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { LEGAL_LAST_UPDATED } from './legalDates';

export const REFUND_TITLE = 'Refund Policy';

/** /refund (the rules of document 2 §2 "/checkout": renewal, proration, cancellation, refunds). */
export function RefundPage() {
  const { name } = useBrandInfo();
  const sections: LegalSection[] = [
    {
      id: 'renewal',
      heading: 'Automatic renewal',
      content: (
        <p>
          {name} subscriptions renew automatically at the end of each billing period, monthly or yearly, and the card or
          payment method on file is charged for the next period until you cancel.
        </p>
      ),
    },
    {
      id: 'cancelling',
      heading: 'Cancelling',
      content: (
        <p>
          You can cancel at any time in <Link to={routes.manageSubscription()}>Manage Subscription</Link>. Nothing more is charged, and
          you keep your benefits until the end of the period you already paid for. You can undo the cancellation until then.
        </p>
      ),
    },
    {
      id: 'changing-plans',
      heading: 'Changing plans',
      content: (
        <ul>
          <li>An upgrade is prorated: you are charged the difference for the rest of the current period, plus taxes.</li>
          <li>A downgrade takes effect at the next billing cycle and lowers your future payments.</li>
        </ul>
      ),
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      content: (
        <>
          <p>
            Payments are not refundable, and unused time in a period is not refunded. Refunds are given only in exceptional
            cases, for example:
          </p>
          <ul>
            <li>you were charged twice for the same period;</li>
            <li>you were charged after cancelling, because of an error on our side;</li>
            <li>a fault on our side kept you from using your paid features for a long time.</li>
          </ul>
          <p>
            To ask for one, contact <SupportLink /> with the email of your account and the order ID from your receipt. We
            answer every request; an approved refund goes back to the original payment method.
          </p>
        </>
      ),
    },
    {
      id: 'other-platforms',
      heading: 'Purchases made elsewhere',
      content: (
        <ul>
          <li>
            Subscriptions bought in a mobile app are billed by the app store: cancel them and ask for refunds there, under the
            store&apos;s rules.
          </li>
          <li>Pledges made on a supporter platform are refunded under that platform&apos;s rules.</li>
          <li>
            Crypto payments cannot be reversed on the blockchain; in the exceptional cases above we agree with you how to
            return the amount.
          </li>
        </ul>
      ),
    },
    {
      id: 'chargebacks',
      heading: 'Chargebacks',
      content: (
        <p>
          Please talk to us before disputing a charge with your bank: we can usually sort it out faster. While a chargeback is
          open, the subscription it concerns may be suspended.
        </p>
      ),
    },
  ];
  return (
    <LegalDocument
      title={REFUND_TITLE}
      lastUpdated={LEGAL_LAST_UPDATED.refund}
      intro={<p>How billing, cancellation and refunds work for {name} subscriptions.</p>}
      sections={sections}
    />
  );
}
