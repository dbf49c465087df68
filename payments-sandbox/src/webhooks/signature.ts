// Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, one v1 per
// live secret (two while a secret is rotated). `stripe.webhooks.constructEvent` verifies it.
import { createHmac } from 'node:crypto';

export function signatureHeader(rawBody: string, secrets: readonly string[], timestamp = Math.floor(Date.now() / 1000)): string {
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')}`);
  return [`t=${timestamp}`, ...signatures].join(',');
}
