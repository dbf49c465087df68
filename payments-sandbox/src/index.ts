export { startPaymentsSandbox, type PaymentsSandbox } from './server';
export { configFromEnv, type SandboxConfig, type WebhookEndpointConfig, type RetryConfig } from './config';
export { REDIRECT_PROVIDERS } from './api/redirectSessions';
export { TEST_CARDS } from './cards/testCards';
export { signatureHeader } from './webhooks/signature';
export { startSiteSandbox, API_WEBHOOK_PATH, type SiteSandbox } from './siteSandbox';
