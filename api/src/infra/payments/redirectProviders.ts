import { createCoinPaymentsClient, isCoinPaymentsPage } from './coinpayments/coinPaymentsClient';
import type { PaymentsConfig } from './paymentsConfig';
import {
  PaymentsUnavailableError,
  ProviderNotConfiguredError,
  type NotifyingProvider,
  type PaymentEvent,
  type PaymentsGateway,
  type ProviderNotice,
  type RedirectSessionInput,
  type RedirectSessionRef,
  type RedirectSessionStatus,
} from './paymentsGateway';
import { createPayssionClient, isPayssionPage } from './payssion/payssionClient';
import { createVoltClient, isVoltPage } from './volt/voltClient';
import { createD24Client, isD24Page } from './directa24/d24Client';
import { createUpgateClient, isUpgatePage } from './upgate/upgateClient';
import { createOverpayClient, isOverpayPage } from './overpay/overpayClient';
import { createPayokClient, isPayokPage } from './payok/payokClient';
import type { StripeProtocolGateway } from './stripeGateway';

/** A redirect provider spoken to through its own API (payssion/, coinpayments/, volt/, directa24/, upgate/, overpay/, payok/): what the gateway asks of it. */
export interface RedirectProviderClient {
  /**
   * The provider's payment for the order (metadata.order_id) and the page the payer goes to. idempotencyKey: the
   * order's (`<order>:redirect`), for a provider that takes one (Volt's Idempotency-Key). A provider without a create
   * call (PayOK) makes its signed link, the payment's id being ours.
   */
  create(input: RedirectSessionInput, idempotencyKey: string): Promise<{ sessionId: string; url: string }>;
  details(session: RedirectSessionRef): Promise<{ status: RedirectSessionStatus; amountMinor: number; currency: string; metadata: Record<string, string> }>;
  /**
   * amountMinor null: what is left; a payment refunded in full already is done (a retry whose answer was lost). A
   * provider without a refund call throws ManualRefundRequiredError.
   */
  refund(session: RedirectSessionRef, amountMinor: number | null, idempotencyKey: string): Promise<{ refundId: string }>;
  /**
   * Its notification as a redirect_session event; throws (or rejects with) WebhookSignatureError when the signature
   * does not verify. A provider whose notification does not say everything (Volt's has no currency; Directa24's only
   * names the deposit) asks its API; one whose notification names our order but not its payment (Overpay's) asks
   * billing's record (ProviderNotice.recordedSessionOf).
   */
  notification(notice: ProviderNotice, receivedAt: Date): PaymentEvent | Promise<PaymentEvent>;
}

interface Adapter {
  name: NotifyingProvider;
  /** Whether a page name (the checkout's provider value: payssion_gcash, coinpayments, …) is this provider's. */
  handles: (page: string) => boolean;
  client: RedirectProviderClient | null;
  /** The variables that configure it, for the 503's message when they are not set. */
  variables: string;
}

/**
 * The redirect providers (document 2 §7) by whose API each speaks: Payssion's methods through Payssion's own API
 * (payssion/payssionClient.ts), CoinPayments through its merchant API (coinpayments/coinPaymentsClient.ts), Volt
 * through its Gateway API (volt/voltClient.ts), Directa24 through its Deposits API v3 (directa24/d24Client.ts), UpGate's
 * alipay, kakao and upi through its checkout API (upgate/upgateClient.ts), Overpay through its checkout (payment token)
 * and gateway APIs (overpay/overpayClient.ts), PayOK through its signed payment link and transaction API
 * (payok/payokClient.ts); the others through the sandbox's generic redirect sessions (`/v1/redirect_sessions`), which
 * only the sandbox has. With Stripe as the card provider, a method without an adapter of its own answers 503
 * (payments_unavailable) rather than calling Stripe for an object it does not have; so does a provider of its own that
 * is not configured.
 */
export function withRedirectProviders(gateway: StripeProtocolGateway, config: PaymentsConfig): PaymentsGateway {
  const adapters: Adapter[] = [
    { name: 'payssion', handles: isPayssionPage, client: config.payssion ? createPayssionClient(config.payssion) : null, variables: 'PAYSSION_API_KEY, PAYSSION_SECRET_KEY' },
    {
      name: 'coinpayments',
      handles: isCoinPaymentsPage,
      client: config.coinPayments ? createCoinPaymentsClient(config.coinPayments) : null,
      variables: 'COINPAYMENTS_PUBLIC_KEY, COINPAYMENTS_PRIVATE_KEY, COINPAYMENTS_IPN_SECRET, COINPAYMENTS_MERCHANT_ID',
    },
    {
      name: 'volt',
      handles: isVoltPage,
      client: config.volt ? createVoltClient(config.volt) : null,
      variables: 'VOLT_CLIENT_ID, VOLT_CLIENT_SECRET, VOLT_USERNAME, VOLT_PASSWORD, VOLT_NOTIFICATION_SECRET',
    },
    { name: 'directa24', handles: isD24Page, client: config.directa24 ? createD24Client(config.directa24) : null, variables: 'D24_API_KEY, D24_API_SIGNATURE' },
    { name: 'upgate', handles: isUpgatePage, client: config.upgate ? createUpgateClient(config.upgate) : null, variables: 'UPGATE_API_KEY, UPGATE_SECRET_KEY' },
    {
      name: 'overpay',
      handles: isOverpayPage,
      client: config.overpay ? createOverpayClient(config.overpay) : null,
      variables: 'OVERPAY_SHOP_ID, OVERPAY_SECRET_KEY, OVERPAY_NOTIFICATION_URL',
    },
    { name: 'payok', handles: isPayokPage, client: config.payok ? createPayokClient(config.payok) : null, variables: 'PAYOK_SHOP_ID, PAYOK_SECRET_KEY, PAYOK_API_ID, PAYOK_API_KEY' },
  ];
  const configured = (adapter: Adapter): RedirectProviderClient => {
    if (!adapter.client) throw new ProviderNotConfiguredError(`${adapter.name} is not configured (${adapter.variables})`);
    return adapter.client;
  };
  const ownApi = (page: string) => {
    const adapter = adapters.find((a) => a.handles(page));
    return adapter ? configured(adapter) : null;
  };
  const generic = (provider: string) => {
    if (config.provider !== 'sandbox') throw new PaymentsUnavailableError(`no adapter for the redirect provider ${provider} (only the payments sandbox has generic redirect sessions)`);
    return gateway;
  };
  return {
    ...gateway,
    offersMethod: (method) => {
      if (method === 'card') return true;
      const adapter = adapters.find((a) => a.name === method || a.handles(method));
      return adapter ? adapter.client !== null : config.provider === 'sandbox';
    },
    // async: a provider that is not available is a rejected promise, as its unreachable server would be
    createRedirectSession: async (input, idempotencyKey) => ownApi(input.provider)?.create(input, idempotencyKey) ?? generic(input.provider).createRedirectSession(input, idempotencyKey),
    getRedirectSession: async (session) => ownApi(session.provider)?.details(session) ?? generic(session.provider).getRedirectSession(session),
    refundRedirectSession: async (session, amountMinor, idempotencyKey) =>
      ownApi(session.provider)?.refund(session, amountMinor, idempotencyKey) ?? generic(session.provider).refundRedirectSession(session, amountMinor, idempotencyKey),
    providerNotification: async (provider, notice, receivedAt) => configured(adapters.find((a) => a.name === provider) as Adapter).notification(notice, receivedAt),
  };
}
