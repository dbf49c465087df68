import { PAYMENT_PROVIDER_OPTIONS, PAYMENT_PROVIDERS, PAYSSION_OPTIONS_BY_COUNTRY, type PaymentMethod, type PaymentProvider } from '@fable/contracts';
import { AppError } from '../../../http/appError';
import type { OrderRow } from '../subscribe/orders';

/** A provider page of its own beside the session (hostedCheckout.ts): what the session also carries, and the link to it. */
export interface ProviderPage {
  metadata: Record<string, string>;
  /** The URL the browser goes to, from the session the provider made. */
  urlOf(session: { sessionId: string; url: string }): string;
}

/** What a POST checkout/{provider}_new_payment pays with. */
export interface ProviderPaymentMethod {
  /** The purchase options' value the application must offer: volt, inwizo_sbp, ug_upi, fpay_wechat, payssion, … */
  method: PaymentMethod;
  /** The provider page's name (the sandbox's redirect session `provider`): volt, inwizo_sbp, ug_upi, payssion_gcash, … */
  page: string;
  /** The hosted checkout's link (instead of the session's own page), made for the order once it is priced. */
  pageOf?: (order: OrderRow) => Promise<ProviderPage>;
  /** The checkout's email, for a provider that asks for the buyer's (CoinPayments). */
  buyerEmail?: string;
  /** The checkout's name and country, for a provider that asks for them (Directa24). */
  buyer?: { firstName: string; lastName: string; country: string };
}

const SEGMENT = /^([a-z0-9]+)_new_payment$/;
/** The purchase options' prefix of a provider's options (document 2 §3 values: ug_alipay for upgate's alipay). */
const METHOD_PREFIX: Partial<Record<PaymentProvider, string>> = { upgate: 'ug' };

const optionError = (message: string) =>
  new AppError(400, 'validation_error', `body.payment_option: ${message}`, { issues: [{ path: 'body.payment_option', message }] });

/**
 * The payment method of a provider segment and its payment option (document 2 §7's list): unknown segment 404;
 * an option the provider does not have (or a missing one where it has options, or one where it has none) 400;
 * payssion's option must be one of the member's country (gcash, paymaya in PH; russian_card, sbp, tbank, yoomoney,
 * sberpay in RU).
 */
export function providerPaymentMethod(segment: string, option: string | null | undefined, country: string): ProviderPaymentMethod {
  const provider = SEGMENT.exec(segment)?.[1];
  if (!provider || !(PAYMENT_PROVIDERS as readonly string[]).includes(provider)) throw AppError.notFound('There is no such payment provider.', { payment: segment });
  const known = provider as PaymentProvider;
  const options = PAYMENT_PROVIDER_OPTIONS[known];
  const chosen = option?.trim() || null;
  if (options.length === 0) {
    if (chosen) throw optionError(`${known} has no payment options`);
    return { method: known as PaymentMethod, page: known };
  }
  if (!chosen || !options.includes(chosen)) throw optionError(`must be one of ${options.join(', ')}`);
  if (known === 'payssion') {
    const ofCountry = (PAYSSION_OPTIONS_BY_COUNTRY as Record<string, readonly string[]>)[country.toUpperCase()] ?? [];
    const asListed = chosen === 'russian_card' ? 'card' : chosen;
    if (!ofCountry.includes(asListed)) throw optionError(`${chosen} is not offered in ${country.toUpperCase()}`);
    return { method: 'payssion', page: `payssion_${chosen}` };
  }
  const method = `${METHOD_PREFIX[known] ?? known}_${chosen}`;
  return { method: method as PaymentMethod, page: method };
}
