import styled from '@emotion/styled';
import { useTheme } from '@emotion/react';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { CardFieldsHandle, CardFieldsState, CardToken } from './cardFieldsTypes';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';

interface StripeCardFieldsProps {
  /** paymentConfig.publishable_key (pk_live_… or pk_test_…). */
  publishableKey: string;
  onChange: (state: CardFieldsState) => void;
  ref?: Ref<CardFieldsHandle>;
}

const Mount = styled.div`
  min-height: 112px;
`;

const Status = styled.p`
  margin: 6px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Stripe's Payment Element (Stripe.js from js.stripe.com, loaded only when this renders: the checkout or the change
 * card dialog of a site whose provider is Stripe). Cards only, collected for later use (`mode: 'setup'`, the payment
 * method created here with `paymentMethodCreation: 'manual'`): the API charges it with `setup_future_usage:
 * 'off_session'` on the first payment, so that renewals need no member present (strong customer authentication).
 * The card number stays in Stripe's frames; `tokenize` answers the payment method's id.
 */
export default function StripeCardFields({ publishableKey, onChange, ref }: StripeCardFieldsProps) {
  const theme = useTheme();
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const state = useRef<CardFieldsState>({ ready: false, complete: false, brand: null, error: null });
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const report = useEffectEvent((next: Partial<CardFieldsState>) => {
    state.current = { ...state.current, ...next };
    onChange(state.current);
  });

  useEffect(() => {
    let live = true;
    let unmount: (() => void) | undefined;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!live || !loaded || !mount.current) {
          if (live && !loaded) setLoadError(T.cardFieldsLoadFailed);
          return;
        }
        const elements = loaded.elements({
          mode: 'setup',
          currency: 'usd',
          paymentMethodCreation: 'manual',
          allowedPaymentMethodTypes: ['card'],
          appearance: { theme: theme.mode === 'dark' ? 'night' : 'stripe', variables: { colorPrimary: theme.colors.primary } },
        });
        const element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => {
          setReady(true);
          report({ ready: true });
        });
        element.on('change', (event) => report({ complete: event.complete, brand: null, error: null }));
        element.on('loaderror', (event) => {
          setLoadError(event.error.message ?? T.cardFieldsLoadFailed);
          report({ ready: false, error: event.error.message ?? T.cardFieldsLoadFailed });
        });
        element.mount(mount.current);
        stripe.current = { stripe: loaded, elements };
        unmount = () => element.destroy();
      },
      () => live && setLoadError(T.cardFieldsLoadFailed),
    );
    return () => {
      live = false;
      unmount?.();
      stripe.current = null;
    };
    // The theme is read once: a change of theme while the card is typed would lose what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishableKey]);

  useImperativeHandle(ref, () => ({
    async tokenize(): Promise<CardToken> {
      const loaded = stripe.current;
      if (!loaded) throw new Error(T.invalidCard);
      // The element's own checks first (it shows what is missing where it is missing).
      const submitted = await loaded.elements.submit();
      if (submitted.error) throw new Error(submitted.error.message ?? T.invalidCard);
      const { paymentMethod, error } = await loaded.stripe.createPaymentMethod({ elements: loaded.elements });
      if (error || !paymentMethod) throw new Error(error?.message ?? T.invalidCard);
      return { paymentMethod: paymentMethod.id, brand: paymentMethod.card?.brand, last4: paymentMethod.card?.last4 };
    },
  }));

  return (
    <div>
      <Mount ref={mount} data-testid="stripe-payment-element" />
      {loadError ? <Status role="alert">{loadError}</Status> : !ready && <Status role="status">{T.cardLoading}</Status>}
    </div>
  );
}
