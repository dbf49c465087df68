// startPaymentsSandbox: the sandbox's HTTP server, for tests and `npm start`.
import Fastify from 'fastify';
import type { SandboxConfig } from './config';
import { withDefaults } from './config';
import { SandboxState } from './api/state';
import { registerStripeRoutes } from './api/stripeRoutes';
import { registerSandboxControls } from './controls/sandboxControls';
import { registerCardFieldsPage } from './hosted/cardFieldsPage';
import { registerChallengePage } from './hosted/challengePage';
import { STYLESHEET } from './hosted/html';
import { registerHostedCheckoutPage } from './hosted/hostedCheckoutPage';
import { registerRedirectPage } from './hosted/redirectPage';
import { IdempotencyStore } from './protocol/idempotency';
import { registerCoinPayments, type CoinPaymentsIpn } from './coinpayments/coinPaymentsApi';
import { registerPayssion, type PayssionNotification } from './payssion/payssionApi';
import { registerVolt, type VoltNotification } from './volt/voltApi';
import { registerD24, type D24Notification } from './directa24/d24Api';
import { registerUpgate, type UpgatePostback, type UpgateTransaction } from './upgate/upgateApi';
import { registerOverpay, type OverpayNotification, type OverpayTransaction } from './overpay/overpayApi';
import { registerPayok, type PayokNotification } from './payok/payokApi';
import { WebhookDeliveries } from './webhooks/deliveries';
import { registerSubscribeStar } from './subscribestar/subscribeStarRoutes';
import { subscribeStarClientFromEnv } from './subscribestar/subscribeStarConfig';

export interface PaymentsSandbox {
  /** Where it listens, e.g. http://127.0.0.1:43121 (or the configured public URL). */
  url: string;
  port: number;
  config: SandboxConfig;
  state: SandboxState;
  webhooks: WebhookDeliveries;
  /** Payssion's notifications sent so far, with each one's attempts. */
  payssionNotifications: PayssionNotification[];
  /** CoinPayments' IPNs sent so far, with each one's attempts. */
  coinPaymentsIpns: CoinPaymentsIpn[];
  /** Volt's notifications sent so far, with each one's attempts; its access tokens, and a way to expire them all. */
  volt: { notifications: VoltNotification[]; tokensIssued: string[]; revokeTokens: () => void };
  /** Directa24's notifications sent so far, with each one's attempts. */
  directa24: { notifications: D24Notification[] };
  /** UpGate's postbacks sent so far, with each one's attempts, and every transaction of its checkouts. */
  upgate: { postbacks: UpgatePostback[]; transactions: UpgateTransaction[] };
  /** Overpay's notifications sent so far, with each one's attempts, and every transaction of its checkouts. */
  overpay: { notifications: OverpayNotification[]; transactions: OverpayTransaction[] };
  /** PayOK's notifications sent so far, with each one's attempts. */
  payok: { notifications: PayokNotification[] };
  close: () => Promise<void>;
}

export async function startPaymentsSandbox(options: Partial<SandboxConfig>): Promise<PaymentsSandbox> {
  const config = withDefaults(options);
  const webhooks = new WebhookDeliveries(config.webhooks, config.retry);
  const state = new SandboxState((event) => webhooks.dispatch(event));
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  // Stripe's bodies are parsed by the call itself (protocol/formBody.ts), so that a bad body is answered in Stripe's shape.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  let url = '';
  const keys = { secretKeys: config.secretKeys, publishableKeys: config.publishableKeys };

  app.get('/hosted/sandbox.css', (_request, reply) => reply.header('content-type', 'text/css; charset=utf-8').send(STYLESHEET));
  registerStripeRoutes(app, { keys, idempotency: new IdempotencyStore(), state, baseUrl: () => url, chargeLatencyMs: config.chargeLatencyMs });
  registerSandboxControls(app, keys, state, webhooks);
  registerCardFieldsPage(app, config);
  registerChallengePage(app, state, config.allowedOrigins);
  registerRedirectPage(app, state);
  const payssion = registerPayssion(app, { state, config: config.payssion, retry: config.retry, baseUrl: () => url });
  const coinPayments = registerCoinPayments(app, { state, config: config.coinpayments, retry: config.retry, baseUrl: () => url });
  const volt = registerVolt(app, { state, config: config.volt, retry: config.retry, baseUrl: () => url });
  const directa24 = registerD24(app, { state, config: config.directa24, retry: config.retry, baseUrl: () => url });
  const upgate = registerUpgate(app, { state, config: config.upgate, retry: config.retry, baseUrl: () => url });
  const overpay = registerOverpay(app, { state, config: config.overpay, retry: config.retry, baseUrl: () => url });
  const payok = registerPayok(app, { state, config: config.payok, retry: config.retry, baseUrl: () => url });
  registerHostedCheckoutPage(app, state);
  registerSubscribeStar(app, { ...subscribeStarClientFromEnv(process.env), redirectOrigins: config.allowedOrigins });
  app.setNotFoundHandler((request, reply) => {
    const message = `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`;
    return reply.code(404).send(request.url.startsWith('/v1/') ? { error: { type: 'invalid_request_error', message } } : { message });
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  url = config.publicUrl?.replace(/\/$/, '') ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  return {
    url,
    port,
    config,
    state,
    webhooks,
    payssionNotifications: payssion.notifications,
    coinPaymentsIpns: coinPayments.ipns,
    volt: { notifications: volt.notifications, tokensIssued: volt.tokensIssued, revokeTokens: volt.revokeTokens },
    directa24: { notifications: directa24.notifications },
    upgate: { postbacks: upgate.postbacks, transactions: upgate.transactions },
    overpay: { notifications: overpay.notifications, transactions: overpay.transactions },
    payok: { notifications: payok.notifications },
    close: async () => {
      await payssion.close();
      await coinPayments.close();
      await volt.close();
      await directa24.close();
      await upgate.close();
      await overpay.close();
      await payok.close();
      await webhooks.close();
      await app.close();
    },
  };
}
