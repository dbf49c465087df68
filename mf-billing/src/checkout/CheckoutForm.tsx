import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BILLING_TIMINGS,
  isValidPostalCode,
  PAYMENT_APPROVED,
  PersonalInfoSchema,
  type Country,
  type CountryState,
  type PaymentConfig,
  type PaymentMethod,
  type PurchaseResult,
} from '@fable/contracts';
import { apiErrorOf, Button, selectBrand, selectUser, useAppSelector, useDebounce, useNavigate } from '@fable/shared';
import { CheckboxField, Form, RadioGroupField, SelectField, useWatch, useZodForm } from '@fable/shared/forms';
import { successUrl } from '../success/successParams';
import { CardFields, type CardFieldsHandle, type CardFieldsState } from './CardFields';
import { checkoutSchema, initialCheckoutValues, isCheckoutValid, type CheckoutOutput, type CheckoutValues } from './checkoutForm';
import { CheckoutLayout, DetailsSummary, FormColumn, Notes, Section, SubmitError } from './checkoutLayout';
import { STORED_CHECKOUT_FIELDS, storeCheckoutField } from './checkoutSession';
import { CHECKOUT_TEXTS as T, PAYMENT_METHOD_LABELS, PAYMENT_NOTES, PAYSSION_OPTION_LABELS } from './checkoutTexts';
import { useCheckout_calculatePriceQuery, useCheckout_confirmOrderMutation, useCheckout_providerPaymentMutation, useCheckout_subscribeMutation } from './checkoutApi';
import { CouponField } from './CouponField';
import { newIdempotencyKey } from './idempotencyKey';
import { OrderSummary } from './OrderSummary';
import { payssionOptionsFor, providerPaymentOf } from './paymentMethods';
import { PersonalInfoFields } from './PersonalInfoFields';
import { ThreeDSecureModal, type ThreeDsOutcome } from './ThreeDSecureModal';
import { useAbandonOnLeave } from './useAbandonOnLeave';

/** The browser's navigation away to a redirect provider (a seam for the tests: jsdom does not navigate). */
export const browserNavigation = { assign: (url: string) => window.location.assign(url) };

export interface CheckoutPlan {
  plan_id: string;
  name: string;
  price: number;
  currency: string;
  annual: boolean;
}

interface CheckoutFormProps {
  plan: CheckoutPlan;
  offerId: string | null;
  presetCoupon: string | null;
  paymentMethods: readonly PaymentMethod[];
  countries: readonly Country[];
  paymentConfig: PaymentConfig | null;
}

/** One payment attempt: its idempotency key, made once and sent again on a retry, and the card token it used. */
interface Attempt {
  key: string;
  fingerprint: string;
  token: string | null;
}

const emailOk = (email: string) => PersonalInfoSchema.shape.email.safeParse(email.trim()).success;
const originOf = (url: string) => {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return '';
  }
};

/**
 * The checkout form and order summary (document 2 §2 "/checkout", §4 "Checkout", §5, §8): payment method, personal
 * information, saved details and card, coupon, terms, the card fields or a redirect provider, 3-D Secure.
 */
export function CheckoutForm({ plan, offerId, presetCoupon, paymentMethods, countries, paymentConfig }: CheckoutFormProps) {
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const brand = useAppSelector(selectBrand);
  const [initial] = useState(() => initialCheckoutValues(user?.email));
  const form = useZodForm(checkoutSchema, { defaultValues: initial, mode: 'onTouched', reValidateMode: 'onChange' });
  const watched = useWatch({ control: form.control }) as Partial<CheckoutValues>;
  const values: CheckoutValues = { ...initial, ...watched };
  const country = values.country ?? '';

  const [method, setMethod] = useState<PaymentMethod>(paymentMethods[0] ?? 'card');
  const payssionOptions = payssionOptionsFor(country);
  const [payssionChoice, setPayssionChoice] = useState<string | null>(null);
  const payssionOption = payssionOptions.includes(payssionChoice ?? '') ? payssionChoice : (payssionOptions[0] ?? null);
  const [states, setStates] = useState<readonly CountryState[] | null>(null);
  const [terms, setTerms] = useState(false);
  const [coupon, setCoupon] = useState(presetCoupon ?? '');
  const [card, setCard] = useState<CardFieldsState>({ ready: false, complete: false, brand: null, error: null });
  const [editingDetails, setEditingDetails] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
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
  const [providerPayment] = useCheckout_providerPaymentMutation();

  // Every entered detail is kept per field for the session (document 2 §4).
  const storedSource = STORED_CHECKOUT_FIELDS.map((field) => values[field] ?? '').join('\u0000');
  useEffect(() => {
    const parts = storedSource.split('\u0000');
    STORED_CHECKOUT_FIELDS.forEach((field, i) => storeCheckoutField(field, parts[i] ?? ''));
  }, [storedSource]);

  // Changing the postal code clears the error message (document 2 §4).
  const postalNow = values.postal_code ?? '';
  const lastPostal = useRef(postalNow);
  useEffect(() => {
    if (lastPostal.current === postalNow) return;
    lastPostal.current = postalNow;
    setSubmitError(null);
  }, [postalNow]);

  // The price, recalculated when the email or the postal code change (debounced 600 ms), or the address or coupon.
  const email = useDebounce(values.email ?? '', BILLING_TIMINGS.priceRecalculationDebounceMs);
  const postal = useDebounce(postalNow, BILLING_TIMINGS.priceRecalculationDebounceMs);
  const stateValue = values.state ?? '';
  const canPrice = country !== '' && states !== null && emailOk(email) && isValidPostalCode(country, postal);
  const priceQuery = useCheckout_calculatePriceQuery(
    { plan_id: plan.plan_id, offer_id: offerId, email: email.trim(), state: stateValue, country, postal_code: postal.trim(), promo_code: coupon || null, platform: 'web' },
    { skip: !canPrice },
  );
  const price = canPrice ? (priceQuery.currentData ?? (priceQuery.isFetching ? priceQuery.data : undefined)) ?? null : null;
  const priceError = canPrice && priceQuery.isError && !priceQuery.isFetching ? apiErrorOf(priceQuery.error) : null;
  const couponError = priceError?.code === 'invalid_coupon' ? (priceError.message ?? T.invalidCoupon) : null;
  const summaryError = priceError && !couponError ? (priceError.message ?? T.unexpected) : null;

  // Saved details (on_file): a summary with Change stands for the names and address; the saved card for the fields.
  const onFile = price?.on_file ?? null;
  const filledFromFile = useRef(false);
  useEffect(() => {
    if (!onFile || filledFromFile.current) return;
    filledFromFile.current = true;
    const current = form.getValues();
    if (current.first_name.trim() === '') form.setValue('first_name', onFile.first_name);
    if (current.last_name.trim() === '') form.setValue('last_name', onFile.last_name);
  }, [onFile, form]);
  const detailsFromFile = onFile !== null && !editingDetails && (values.first_name ?? '').trim() !== '' && (values.last_name ?? '').trim() !== '';
  const savedCard = method === 'card' && onFile?.credit_card && !changingCard ? onFile.credit_card : null;

  const onStates = useCallback((list: readonly CountryState[] | null) => setStates(list), []);
  const personalValid = states !== null && isCheckoutValid({ ...values, stateOptional: states.length === 0 });
  const cardAvailable = Boolean(paymentConfig?.card_fields_url && paymentConfig.frame_origin);
  const cardOk = method !== 'card' || savedCard !== null || (cardAvailable && card.complete);
  const errorShown = Boolean(submitError || couponError || summaryError);
  // Subscribe waits for the price of the details as they are typed: while the debounce runs and while that price is on
  // its way, so that what is charged is the total shown (and the button does not flip to disabled under a click).
  const pricing = (values.email ?? '') !== email || postalNow !== postal || (canPrice && (priceQuery.isFetching || (priceQuery.currentData === undefined && !priceQuery.isError)));
  const loading = submitting || redirecting || pricing;
  const payssionMissing = method === 'payssion' && payssionOptions.length > 0 && !payssionOption;
  const disabled = loading || errorShown || !terms || !personalValid || !cardOk || payssionMissing;

  useAbandonOnLeave({ active: method !== 'card' && !completed && !redirecting, planId: plan.plan_id, method, orderId: providerOrderId });

  const person = (v: CheckoutOutput) => ({
    email: v.email.trim(),
    first_name: v.first_name,
    last_name: v.last_name,
    country: v.country,
    state: v.state,
    postal_code: v.postal_code,
  });

  /** The attempt for these details: the same key while they do not change, a new one otherwise. */
  const attemptFor = (fingerprint: string): Attempt => {
    if (!attempt.current || attempt.current.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint, token: null };
    return attempt.current;
  };

  /** A failed call: kept for a retry with the same key when no answer came (network, 5xx), forgotten otherwise. */
  const failed = (error: unknown) => {
    const info = apiErrorOf(error);
    const retry = info.network || (info.status !== null && info.status >= 500);
    if (!retry) attempt.current = null;
    setSubmitError({ message: info.message ?? T.unexpected, retry });
  };

  const finishApproved = (result: PurchaseResult) => {
    attempt.current = null;
    setCompleted(true);
    navigate(successUrl(result, plan.name));
  };

  const handlePurchase = (result: PurchaseResult) => {
    if (result.error_message) {
      attempt.current = null;
      setSubmitError({ message: result.error_message, retry: false });
    } else if (result.resp_msg === PAYMENT_APPROVED) finishApproved(result);
    else if (result.iframe_3ds_url) setThreeDs({ url: result.iframe_3ds_url, orderId: result.order_id ?? null });
    else {
      attempt.current = null;
      setSubmitError({ message: T.unexpected, retry: false });
    }
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
        attempt.current = null;
        setSubmitError({ message: error instanceof Error ? error.message : T.invalidCard, retry: false });
        return;
      }
    }
    const result = await subscribe({ ...body, payment_token: current.token, idempotency_key: current.key });
    if (result.error) failed(result.error);
    else handlePurchase(result.data);
  };

  const payByProvider = async (v: CheckoutOutput) => {
    const provider = providerPaymentOf(method, payssionOption);
    if (!provider) return;
    const body = { ...person(v), plan_id: plan.plan_id, offer_id: offerId, promo_code: coupon || null, payment_option: provider.option };
    const current = attemptFor(JSON.stringify({ ...body, payment: provider.payment }));
    const result = await providerPayment({ payment: provider.payment, body: { ...body, idempotency_key: current.key } });
    if (result.error) return failed(result.error);
    if (result.data.order_id) setProviderOrderId(result.data.order_id);
    if (result.data.error_message || !result.data.url) {
      attempt.current = null;
      setSubmitError({ message: result.data.error_message ?? T.unexpected, retry: false });
      return;
    }
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
    if (outcome.status === 'failure') {
      attempt.current = null;
      setSubmitError({ message: outcome.error_message, retry: false });
      return;
    }
    if (!orderId) return setSubmitError({ message: T.unexpected, retry: false });
    setSubmitting(true);
    const result = await confirmOrder(orderId);
    setSubmitting(false);
    if (result.error) failed(result.error);
    else handlePurchase(result.data);
  };

  const threeDsOrigin = threeDs ? (paymentConfig?.frame_origin ?? originOf(threeDs.url)) : '';
  const note = PAYMENT_NOTES[country];
  const countryName = countries.find((c) => c.iso2 === country)?.name ?? country;
  const stateName = states?.find((s) => s.state_code === stateValue)?.name ?? '';

  return (
    <CheckoutLayout>
      <FormColumn>
        <Form form={form} onSubmit={pay} aria-label={T.title}>
          {paymentMethods.length > 1 && (
            <Section>
              <RadioGroupField<PaymentMethod>
                legend={T.paymentMethod}
                name="payment_method"
                value={method}
                options={paymentMethods.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                onChange={(next) => {
                  setMethod(next);
                  setSubmitError(null);
                  attempt.current = null;
                }}
              />
              {method === 'payssion' && payssionOptions.length > 0 && (
                <SelectField<string>
                  label={T.payssionOption}
                  name="payment_option"
                  value={payssionOption ?? ''}
                  options={payssionOptions.map((o) => ({ value: o, label: PAYSSION_OPTION_LABELS[o] ?? o }))}
                  onChange={setPayssionChoice}
                />
              )}
            </Section>
          )}

          <Section aria-labelledby="personal-info-title">
            <h2 id="personal-info-title">{T.personalInfo}</h2>
            {detailsFromFile && (
              <DetailsSummary aria-label={T.onFileTitle}>
                <div>
                  <strong>
                    {values.first_name} {values.last_name}
                  </strong>
                  <span>{[stateName, values.postal_code, countryName].filter(Boolean).join(', ')}</span>
                </div>
                <Button variant="secondary" size="sm" onClick={() => setEditingDetails(true)} aria-label={`${T.change} ${T.onFileTitle.toLowerCase()}`}>
                  {T.change}
                </Button>
              </DetailsSummary>
            )}
            <PersonalInfoFields
              countries={countries}
              country={country}
              state={stateValue}
              onStates={onStates}
              showNames={!detailsFromFile}
              showAddress={!detailsFromFile}
            />
            {note && <Notes role="note">{note}</Notes>}
          </Section>

          {method === 'card' && (
            <Section aria-labelledby="card-title">
              <h2 id="card-title">{T.card}</h2>
              {savedCard ? (
                <DetailsSummary aria-label={T.savedCard}>
                  <div>
                    <strong>{T.savedCard}</strong>
                    <span>
                      {savedCard.type.toUpperCase()} •••• {savedCard.last_4} · {savedCard.exp}
                    </span>
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => setChangingCard(true)} aria-label={`${T.change} ${T.savedCard.toLowerCase()}`}>
                    {T.change}
                  </Button>
                </DetailsSummary>
              ) : cardAvailable ? (
                <CardFields
                  ref={cardFields}
                  url={paymentConfig!.card_fields_url!}
                  origin={paymentConfig!.frame_origin!}
                  onChange={(next) => {
                    setCard(next);
                    if (attempt.current) attempt.current = null;
                    setSubmitError(null);
                  }}
                />
              ) : (
                <Notes role="note">{T.cardUnavailable}</Notes>
              )}
              {onFile?.credit_card && changingCard && (
                <Button variant="ghost" size="sm" onClick={() => setChangingCard(false)}>
                  {T.useSavedCard}
                </Button>
              )}
              <Notes>{T.statementDescriptor(brand?.name ?? 'Fable')}</Notes>
            </Section>
          )}

          <Section>
            <CouponField applied={coupon} preset={Boolean(presetCoupon)} error={couponError} onApply={setCoupon} />
          </Section>

          <Section>
            <CheckboxField
              name="terms"
              checked={terms}
              onChange={setTerms}
              label={
                <>
                  {T.termsLabel.replace('Terms & Conditions', '')}
                  <a href={brand?.links.terms ?? '/terms'} target="_blank" rel="noopener noreferrer">
                    Terms &amp; Conditions
                  </a>
                </>
              }
              error={terms && !cardOk && method === 'card' ? T.invalidCard : null}
            />
            <ul className="text-states">
              {T.textStates.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </Section>

          {submitError && (
            <SubmitError role="alert">
              <span>{submitError.message}</span>
              {submitError.retry && (
                <Button variant="secondary" size="sm" onClick={() => void form.handleSubmit(pay)()}>
                  {T.retry}
                </Button>
              )}
            </SubmitError>
          )}
          {redirecting && <Notes role="status">{T.redirecting}</Notes>}
          <Button type="submit" size="lg" fullWidth disabled={disabled} loading={submitting || redirecting}>
            {submitting || redirecting ? T.processing : method === 'card' ? T.subscribe : T.continueToPayment}
          </Button>
        </Form>
      </FormColumn>

      <OrderSummary
        planName={plan.name}
        annual={plan.annual}
        listPrice={plan.price}
        currency={plan.currency}
        price={price}
        loading={canPrice && priceQuery.isFetching}
        error={summaryError}
      />

      {threeDs && (
        <ThreeDSecureModal
          url={threeDs.url}
          origin={threeDsOrigin}
          onOutcome={(outcome) => void onThreeDs(outcome)}
          onClose={() => {
            setThreeDs(null);
            attempt.current = null;
          }}
        />
      )}
    </CheckoutLayout>
  );
}
