import type { HostedCheckoutRequest, PaymentMethod } from '@fable/contracts';
import { useCheckout_hostedCheckoutMutation, useCheckout_providerPaymentMutation } from './checkoutApi';
import { providerPaymentOf } from './paymentMethods';

/** A payment's details as every provider takes them (the idempotency key is the attempt's). */
export type ProviderPageDetails = Omit<HostedCheckoutRequest, 'idempotency_key'>;

/**
 * Where the browser goes to pay with a method other than the card (document 2 §4, §7): a redirect provider's page
 * (POST checkout/{provider}_new_payment with its option, paymentMethods.ts), or the hosted checkout link of the
 * subscription billing provider (POST checkout/hosted_checkout). `keyFor` gives the attempt's idempotency key for what
 * is sent. null: the method has no provider page (the card).
 */
export function useProviderPage(method: PaymentMethod, payssionOption: string | null) {
  const [providerPayment] = useCheckout_providerPaymentMutation();
  const [hostedCheckout] = useCheckout_hostedCheckoutMutation();
  return (details: ProviderPageDetails, keyFor: (fingerprint: string) => string) => {
    if (method === 'hosted_checkout') return hostedCheckout({ ...details, idempotency_key: keyFor(JSON.stringify({ ...details, payment: method })) });
    const provider = providerPaymentOf(method, payssionOption);
    if (!provider) return null;
    const body = { ...details, payment_option: provider.option };
    return providerPayment({ payment: provider.payment, body: { ...body, idempotency_key: keyFor(JSON.stringify({ ...body, payment: provider.payment })) } });
  };
}
