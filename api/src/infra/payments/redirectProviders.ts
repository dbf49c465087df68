import type { PaymentsConfig } from './paymentsConfig';
import { PaymentsUnavailableError, type PaymentsGateway } from './paymentsGateway';
import { createPayssionClient, isPayssionPage } from './payssion/payssionClient';
import type { StripeProtocolGateway } from './stripeGateway';

/**
 * The redirect providers (document 2 §7) by whose API each speaks: Payssion's methods through Payssion's own API
 * (payssion/payssionClient.ts); the others through the sandbox's generic redirect sessions (`/v1/redirect_sessions`),
 * which only the sandbox has. With Stripe as the card provider, a method without an adapter of its own answers 503
 * (payments_unavailable) rather than calling Stripe for an object it does not have.
 */
export function withRedirectProviders(gateway: StripeProtocolGateway, config: PaymentsConfig): PaymentsGateway {
  const payssion = config.payssion ? createPayssionClient(config.payssion) : null;
  const payssionOrUnavailable = () => {
    if (!payssion) throw new PaymentsUnavailableError('Payssion is not configured (PAYSSION_API_KEY, PAYSSION_SECRET_KEY)');
    return payssion;
  };
  const generic = (provider: string) => {
    if (config.provider !== 'sandbox') throw new PaymentsUnavailableError(`no adapter for the redirect provider ${provider} (only the payments sandbox has generic redirect sessions)`);
    return gateway;
  };
  return {
    ...gateway,
    // async: a provider that is not available is a rejected promise, as its unreachable server would be
    createRedirectSession: async (input, idempotencyKey) =>
      isPayssionPage(input.provider) ? payssionOrUnavailable().create(input) : generic(input.provider).createRedirectSession(input, idempotencyKey),
    getRedirectSession: async (session) => (isPayssionPage(session.provider) ? payssionOrUnavailable().details(session) : generic(session.provider).getRedirectSession(session)),
    refundRedirectSession: async (session, amountMinor, idempotencyKey) =>
      isPayssionPage(session.provider)
        ? payssionOrUnavailable().refund(session, amountMinor)
        : generic(session.provider).refundRedirectSession(session, amountMinor, idempotencyKey),
    payssionNotification: (form, receivedAt) => payssionOrUnavailable().notification(form, receivedAt),
  };
}
