import { useEffect, useRef, useState } from 'react';
import { PAYMENT_APPROVED, type PaymentMethod, type PurchaseResult } from '@fable/contracts';
import { apiErrorOf, useNavigate } from '@fable/shared';
import { successUrl } from '../success/successParams';
import type { CardFieldsHandle } from './CardFields';
import type { CheckoutPlan } from './CheckoutForm';
import type { CheckoutOutput } from './checkoutForm';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';
import { useCheckout_confirmOrderMutation, useCheckout_subscribeMutation } from './checkoutApi';
import { newIdempotencyKey } from './idempotencyKey';
import type { ThreeDsOutcome } from './ThreeDSecureModal';
import { useProviderPage } from './useProviderPage';
import type { SavedCard } from './useSavedDetails';

/** The browser's navigation away to a redirect provider or the hosted checkout (a seam for the tests: jsdom does not navigate). */
export const browserNavigation = { assign: (url: string) => window.location.assign(url) };

/** One payment attempt: its idempotency key, made once and sent again on a retry, and the card token it used. */
interface Attempt {
  key: string;
  fingerprint: string;
  token: string | null;
}

interface CheckoutPaymentInput {
  plan: CheckoutPlan;
  offerId: string | null;
  coupon: string;
  method: PaymentMethod;
  payssionOption: string | null;
  savedCard: SavedCard | null;
  /** The postal code as typed: changing it clears the error message (document 2 §4). */
  postalCode: string;
}

const person = (v: CheckoutOutput) => ({
  email: v.email.trim(),
  first_name: v.first_name,
  last_name: v.last_name,
  country: v.country,
  state: v.state,
  postal_code: v.postal_code,
});

/**
 * Paying (document 2 §4, §5, §8): one attempt at a time, by card (the card fields' token or the saved card, then
 * 'Approved', 3-D Secure or an error) or by a redirect provider or the hosted checkout (the browser goes to its page).
 */
export function useCheckoutPayment({ plan, offerId, coupon, method, payssionOption, savedCard, postalCode }: CheckoutPaymentInput) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<{ message: string; retry: boolean } | null>(null);
  const [threeDs, setThreeDs] = useState<{ url: string; orderId: string | null } | null>(null);
  const [completed, setCompleted] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [providerOrderId, setProviderOrderId] = useState<string | null>(null);
  const cardFields = useRef<CardFieldsHandle>(null);
  const attempt = useRef<Attempt | null>(null);
  const inFlight = useRef(false);

  const [subscribe] = useCheckout_subscribeMutation();
  const [confirmOrder] = useCheckout_confirmOrderMutation();
  const providerPage = useProviderPage(method, payssionOption);

  // Changing the postal code clears the error message (document 2 §4).
  const lastPostal = useRef(postalCode);
  useEffect(() => {
    if (lastPostal.current === postalCode) return;
    lastPostal.current = postalCode;
    setSubmitError(null);
  }, [postalCode]);

  /** The attempt for these details: the same key while they do not change, a new one otherwise. */
  const attemptFor = (fingerprint: string): Attempt => {
    if (!attempt.current || attempt.current.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint, token: null };
    return attempt.current;
  };

  /** A definite failure: its message, and the attempt is forgotten. */
  const refused = (message: string) => {
    attempt.current = null;
    setSubmitError({ message, retry: false });
  };

  /** A failed call: kept for a retry with the same key when no answer came (network, 5xx), forgotten otherwise. */
  const failed = (error: unknown) => {
    const info = apiErrorOf(error);
    const retry = info.network || (info.status !== null && info.status >= 500);
    if (!retry) attempt.current = null;
    setSubmitError({ message: info.message ?? T.unexpected, retry });
  };

  const handlePurchase = (result: PurchaseResult) => {
    if (result.error_message) refused(result.error_message);
    else if (result.resp_msg === PAYMENT_APPROVED) {
      attempt.current = null;
      setCompleted(true);
      navigate(successUrl(result, plan.name));
    } else if (result.iframe_3ds_url) setThreeDs({ url: result.iframe_3ds_url, orderId: result.order_id ?? null });
    else refused(T.unexpected);
  };

  const payByCard = async (v: CheckoutOutput) => {
    const body = { ...person(v), plan_id: plan.plan_id, offer_id: offerId, promo_code: coupon || null, platform: 'web' };
    const current = attemptFor(JSON.stringify({ ...body, saved: savedCard !== null }));
    if (savedCard === null && current.token === null) {
      try {
        const token = await cardFields.current?.tokenize();
        if (!token) throw new Error(T.invalidCard);
        current.token = token.paymentMethod;
      } catch (error) {
        return refused(error instanceof Error ? error.message : T.invalidCard);
      }
    }
    const result = await subscribe({ ...body, payment_token: current.token, idempotency_key: current.key });
    if (result.error) failed(result.error);
    else handlePurchase(result.data);
  };

  const payByProvider = async (v: CheckoutOutput) => {
    const sent = providerPage({ ...person(v), plan_id: plan.plan_id, offer_id: offerId, promo_code: coupon || null }, (fingerprint) => attemptFor(fingerprint).key);
    if (!sent) return;
    const result = await sent;
    if (result.error) return failed(result.error);
    if (result.data.order_id) setProviderOrderId(result.data.order_id);
    if (result.data.error_message || !result.data.url) return refused(result.data.error_message ?? T.unexpected);
    setRedirecting(true);
    browserNavigation.assign(result.data.url);
  };

  const pay = async (v: CheckoutOutput) => {
    // One payment at a time: a double click (or Enter pressed twice) sends one request.
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setSubmitError(null);
    try {
      await (method === 'card' ? payByCard(v) : payByProvider(v));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const onThreeDs = async (outcome: ThreeDsOutcome) => {
    const orderId = threeDs?.orderId ?? null;
    setThreeDs(null);
    if (outcome.status === 'failure') return refused(outcome.error_message);
    if (!orderId) return setSubmitError({ message: T.unexpected, retry: false });
    setSubmitting(true);
    const result = await confirmOrder(orderId);
    setSubmitting(false);
    if (result.error) failed(result.error);
    else handlePurchase(result.data);
  };

  return {
    cardFields,
    pay,
    submitting,
    submitError,
    redirecting,
    completed,
    providerOrderId,
    threeDs,
    onThreeDs,
    /** The 3-D Secure modal closed without an outcome: the attempt is forgotten. */
    closeThreeDs: () => {
      setThreeDs(null);
      attempt.current = null;
    },
    /** The payment details changed (method, card): the error is cleared and the next payment is a new attempt. */
    restart: () => {
      setSubmitError(null);
      attempt.current = null;
    },
  };
}
