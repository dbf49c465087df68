import { lazy, Suspense, type Ref } from 'react';
import type { PaymentConfig } from '@fable/contracts';
import { Spinner } from '@fable/shared';
import type { CardFieldsHandle, CardFieldsState } from './cardFieldsTypes';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';
import { SandboxCardFields } from './SandboxCardFields';

export type { CardFieldsHandle, CardFieldsState, CardToken } from './cardFieldsTypes';

/** Stripe.js and its Payment Element: a chunk of their own, fetched only where the provider is Stripe. */
const StripeCardFields = lazy(() => import('./StripeCardFields'));

/** Whether the configured provider's card fields can be shown (document 2 §4; payments-sandbox/README.md "Hosted pages"). */
export function cardFieldsAvailable(config: PaymentConfig | null | undefined): config is PaymentConfig {
  if (!config) return false;
  return config.provider === 'stripe' ? /^pk_(live|test)_\S+$/.test(config.publishable_key) : Boolean(config.card_fields_url && config.frame_origin);
}

interface CardFieldsProps {
  /** GET checkout/payment_config: which provider draws the fields, and where. */
  config: PaymentConfig;
  onChange: (state: CardFieldsState) => void;
  ref?: Ref<CardFieldsHandle>;
}

/**
 * The card fields of the configured payments provider, one interface (`CardFieldsHandle.tokenize`) for both:
 * Stripe's Payment Element where the API runs on Stripe, the sandbox's hosted fields otherwise (npm start, e2e).
 */
export function CardFields({ config, onChange, ref }: CardFieldsProps) {
  if (config.provider === 'stripe') {
    return (
      <Suspense fallback={<Spinner label={T.cardLoading} />}>
        <StripeCardFields ref={ref} publishableKey={config.publishable_key} onChange={onChange} />
      </Suspense>
    );
  }
  return <SandboxCardFields ref={ref} url={config.card_fields_url!} origin={config.frame_origin!} onChange={onChange} />;
}
