import { routes, type Country, type CountryState, type PaymentConfig, type PaymentMethod } from '@fable/contracts';
import { useEffect, useState } from 'react';
import { selectBrand, selectUser, useAppSelector } from '@fable/shared';
import { Form, useWatch, useZodForm } from '@fable/shared/forms';
import { BillingDetailsStep } from './BillingDetailsStep';
import type { CardFieldsState } from './CardFields';
import { cardFieldsAvailable } from './CardFields';
import { CardStep } from './CardStep';
import { checkoutSchema, initialCheckoutValues, isCheckoutValid, type CheckoutValues } from './checkoutForm';
import { CheckoutLayout, FormColumn, Section } from './checkoutLayout';
import { STORED_CHECKOUT_FIELDS, storeCheckoutField } from './checkoutSession';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';
import { CouponField } from './CouponField';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodStep } from './PaymentMethodStep';
import { payssionOptionsFor } from './paymentMethods';
import { SubscribeStep } from './SubscribeStep';
import { ThreeDSecureModal } from './ThreeDSecureModal';
import { useAbandonOnLeave } from './useAbandonOnLeave';
import { useCheckoutPayment } from './useCheckoutPayment';
import { useCheckoutPrice } from './useCheckoutPrice';
import { useSavedDetails } from './useSavedDetails';

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

const originOf = (url: string) => {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return '';
  }
};

/**
 * The checkout form and order summary (document 2 §2 "/checkout", §4 "Checkout", §5, §8), in steps: payment method
 * (`PaymentMethodStep`), personal information and billing details (`BillingDetailsStep`), the card (`CardStep`), the
 * coupon, the terms and Subscribe (`SubscribeStep`), the order summary; the price (`useCheckoutPrice`), the details
 * on file (`useSavedDetails`), the payment and 3-D Secure (`useCheckoutPayment`).
 */
export function CheckoutForm({ plan, offerId, presetCoupon, paymentMethods, countries, paymentConfig }: CheckoutFormProps) {
  const user = useAppSelector(selectUser);
  const brand = useAppSelector(selectBrand);
  const [initial] = useState(() => initialCheckoutValues(user?.email));
  const form = useZodForm(checkoutSchema, { defaultValues: initial, mode: 'onTouched', reValidateMode: 'onChange' });
  const watched = useWatch({ control: form.control }) as Partial<CheckoutValues>;
  const values: CheckoutValues = { ...initial, ...watched };

  const [method, setMethod] = useState<PaymentMethod>(paymentMethods[0] ?? 'card');
  const payssionOptions = payssionOptionsFor(values.country ?? '');
  const [payssionChoice, setPayssionChoice] = useState<string | null>(null);
  const payssionOption = payssionOptions.includes(payssionChoice ?? '') ? payssionChoice : (payssionOptions[0] ?? null);
  const [states, setStates] = useState<readonly CountryState[] | null>(null);
  const [terms, setTerms] = useState(false);
  const [coupon, setCoupon] = useState(presetCoupon ?? '');
  const [card, setCard] = useState<CardFieldsState>({ ready: false, complete: false, brand: null, error: null });

  // Every entered detail is kept per field for the session (document 2 §4).
  const storedSource = STORED_CHECKOUT_FIELDS.map((field) => values[field] ?? '').join('\u0000');
  useEffect(() => {
    const parts = storedSource.split('\u0000');
    STORED_CHECKOUT_FIELDS.forEach((field, i) => storeCheckoutField(field, parts[i] ?? ''));
  }, [storedSource]);

  const priced = useCheckoutPrice({ plan, offerId, values, states, coupon });
  const saved = useSavedDetails(form, priced.price?.on_file ?? null, values, method);
  const payment = useCheckoutPayment({ plan, offerId, coupon, method, payssionOption, savedCard: saved.savedCard, postalCode: values.postal_code ?? '' });

  const personalValid = states !== null && isCheckoutValid({ ...values, stateOptional: states.length === 0 });
  const cardOk = method !== 'card' || saved.savedCard !== null || (cardFieldsAvailable(paymentConfig) && card.complete);
  const errorShown = Boolean(payment.submitError || priced.couponError || priced.summaryError);
  const loading = payment.submitting || payment.redirecting || priced.pricing;
  const payssionMissing = method === 'payssion' && payssionOptions.length > 0 && !payssionOption;
  const disabled = loading || errorShown || !terms || !personalValid || !cardOk || payssionMissing;

  useAbandonOnLeave({ active: method !== 'card' && !payment.completed && !payment.redirecting, planId: plan.plan_id, method, orderId: payment.providerOrderId });

  return (
    <CheckoutLayout>
      <FormColumn>
        <Form form={form} onSubmit={payment.pay} aria-label={T.title}>
          <PaymentMethodStep
            paymentMethods={paymentMethods}
            method={method}
            onMethod={(next) => {
              setMethod(next);
              payment.restart();
            }}
            payssionOptions={payssionOptions}
            payssionOption={payssionOption}
            onPayssionOption={setPayssionChoice}
          />
          <BillingDetailsStep countries={countries} values={values} states={states} onStates={setStates} fromFile={saved.detailsFromFile} onEditFromFile={saved.editDetails} />
          {method === 'card' && (
            <CardStep
              savedCard={saved.savedCard}
              changingSavedCard={saved.changingSavedCard}
              onChangingSavedCard={saved.setChangingCard}
              paymentConfig={paymentConfig}
              cardFields={payment.cardFields}
              onCardChange={(next) => {
                setCard(next);
                payment.restart();
              }}
              brandName={brand?.name ?? 'Fable'}
            />
          )}
          <Section>
            <CouponField applied={coupon} preset={Boolean(presetCoupon)} error={priced.couponError} onApply={setCoupon} />
          </Section>
          <SubscribeStep
            terms={terms}
            onTerms={setTerms}
            termsUrl={brand?.links.terms ?? routes.terms()}
            termsError={terms && !cardOk && method === 'card' ? T.invalidCard : null}
            submitError={payment.submitError}
            onRetry={() => void form.handleSubmit(payment.pay)()}
            byCard={method === 'card'}
            submitting={payment.submitting}
            redirecting={payment.redirecting}
            disabled={disabled}
          />
        </Form>
      </FormColumn>

      <OrderSummary
        planName={plan.name}
        annual={plan.annual}
        listPrice={plan.price}
        currency={plan.currency}
        price={priced.price}
        loading={priced.loading}
        error={priced.summaryError}
      />

      {payment.threeDs && (
        <ThreeDSecureModal
          url={payment.threeDs.url}
          origin={paymentConfig?.frame_origin ?? originOf(payment.threeDs.url)}
          onOutcome={(outcome) => void payment.onThreeDs(outcome)}
          onClose={payment.closeThreeDs}
        />
      )}
    </CheckoutLayout>
  );
}
