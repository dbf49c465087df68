import { PAYSSION_OPTIONS_BY_COUNTRY, type PaymentMethod } from '@fable/contracts';

/**
 * How a payment method is paid (document 2 §3, §7): the card through the hosted card fields and the subscribe call,
 * any other through POST checkout/{provider}_new_payment with its payment option: inwizo_sbp → inwizo_new_payment
 * with sbp, ug_* → upgate, fpay_* → fpay, payssion with the option of the country.
 */
export function providerPaymentOf(method: PaymentMethod, payssionOption: string | null): { payment: string; option: string | null } | null {
  // the card pays through the card fields, the hosted checkout through its link (useProviderPage.ts)
  if (method === 'card' || method === 'hosted_checkout') return null;
  const [prefix, option] = method.split('_') as [string, string | undefined];
  if (method === 'payssion') return { payment: 'payssion_new_payment', option: payssionOption === 'card' ? 'russian_card' : payssionOption };
  const provider = prefix === 'ug' ? 'upgate' : prefix;
  return { payment: `${provider}_new_payment`, option: option ?? null };
}

/** Payssion's options for a country (gcash and paymaya for PH; card, sbp, tbank, yoomoney, sberpay for RU). */
export function payssionOptionsFor(country: string): readonly string[] {
  return (PAYSSION_OPTIONS_BY_COUNTRY as Record<string, readonly string[]>)[country] ?? [];
}
