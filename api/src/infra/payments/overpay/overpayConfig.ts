import { createPublicKey, type KeyObject } from 'node:crypto';
import { envValue } from '../../envValue';
import { readProviderConfig } from '../providerConfig';

/**
 * Where the API finds Overpay (Overpay's own hosts, or the payments sandbox) and the shop's credentials:
 * PaymentsConfig.overpay, read from OVERPAY_SHOP_ID and OVERPAY_SECRET_KEY (the shop's id and secret key of Overpay's
 * back office: HTTP Basic authentication of every call, and of every notification Overpay sends), OVERPAY_CHECKOUT_URL
 * (the checkout API, `/ctp/api/checkouts`), OVERPAY_API_URL (the gateway API of the refunds,
 * `/beyag/transactions/refunds`), OVERPAY_NOTIFICATION_URL (sent as each checkout's `settings.notification_url`:
 * Overpay notifies only the URL a checkout names, so it is required with the credentials), OVERPAY_TEST (`true`: the
 * checkouts are Overpay's test ones) and OVERPAY_PUBLIC_KEY (optional: the shop's RSA public key from Overpay's back
 * office; set, every notification must also carry a `Content-Signature` that verifies with it).
 */
export interface OverpayConfig {
  /** https://checkout.overpay.io, or the payments sandbox: POST /ctp/api/checkouts and GET /ctp/api/checkouts/{token}. */
  url: string;
  /** https://api.overpay.io, or the payments sandbox: POST /beyag/transactions/refunds. */
  apiUrl: string;
  shopId: string;
  secretKey: string;
  /** The API's OVERPAY_NOTIFY_PATH as Overpay reaches it; null: none sent (the sandbox's defaults without npm start). */
  notificationUrl: string | null;
  /** Sent as the checkout's `test`. */
  test: boolean;
  /** The shop's RSA public key (base64 DER as Overpay's back office shows it, or PEM); null: Content-Signature not checked. */
  publicKey: string | null;
}

/** The sandbox's Overpay shop (payments-sandbox/src/overpay/overpayApi.ts DEFAULT_OVERPAY). */
export const SANDBOX_OVERPAY_KEYS = {
  shopId: 'sandbox_overpay_shop_fable',
  secretKey: 'sandbox_overpay_secret_key_fable',
} as const;
export const OVERPAY_CHECKOUT_LIVE_URL = 'https://checkout.overpay.io';
export const OVERPAY_API_LIVE_URL = 'https://api.overpay.io';

/** The shop's public key as a key object: base64 DER (SubjectPublicKeyInfo, Overpay's back office) or PEM. */
export function overpayPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed);
  return createPublicKey({ key: Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/**
 * The two credentials together (OVERPAY_CHECKOUT_URL and OVERPAY_API_URL optional: Overpay's own, or the sandbox's
 * with the sandbox provider; OVERPAY_NOTIFICATION_URL required with them), or none: the sandbox's Overpay on the
 * sandbox provider, else none (Overpay's method then answers 503). One without the other, a URL that is not an origin,
 * a notification URL missing or not http(s), OVERPAY_TEST not true or false, or a public key that is not one: problems
 * naming each variable (providerConfig.ts).
 */
export function readOverpayConfig(env: NodeJS.ProcessEnv, sandboxUrl: string | null): { overpay: OverpayConfig | null; problems: string[] } {
  const notificationUrl = envValue(env.OVERPAY_NOTIFICATION_URL) ?? null;
  const test = envValue(env.OVERPAY_TEST);
  const publicKey = envValue(env.OVERPAY_PUBLIC_KEY) ?? null;
  const read = readProviderConfig(env, sandboxUrl, {
    urlVariable: 'OVERPAY_CHECKOUT_URL',
    liveUrl: OVERPAY_CHECKOUT_LIVE_URL,
    otherUrls: { apiUrl: { variable: 'OVERPAY_API_URL', liveUrl: OVERPAY_API_LIVE_URL } },
    variables: { shopId: 'OVERPAY_SHOP_ID', secretKey: 'OVERPAY_SECRET_KEY' },
    sandbox: { ...SANDBOX_OVERPAY_KEYS },
  });
  const problems = [...read.problems];
  const credentials = 'OVERPAY_SHOP_ID, OVERPAY_SECRET_KEY';
  if (notificationUrl !== null && !/^https?:\/\/\S+$/.test(notificationUrl)) problems.push('OVERPAY_NOTIFICATION_URL: must be an http(s) URL');
  if (notificationUrl === null && read.config && !read.sandboxDefaults) {
    problems.push(`OVERPAY_NOTIFICATION_URL: required with ${credentials} (Overpay notifies only the notification_url each checkout names)`);
  }
  if (test !== undefined && test !== 'true' && test !== 'false') problems.push('OVERPAY_TEST: must be true or false');
  if (publicKey !== null) {
    try {
      if (overpayPublicKey(publicKey).asymmetricKeyType !== 'rsa') problems.push('OVERPAY_PUBLIC_KEY: must be an RSA public key');
    } catch {
      problems.push('OVERPAY_PUBLIC_KEY: must be the shop’s RSA public key (base64 DER, or PEM)');
    }
  }
  if (!read.config && read.problems.length === 0) {
    for (const [name, value] of [['OVERPAY_NOTIFICATION_URL', notificationUrl], ['OVERPAY_TEST', test], ['OVERPAY_PUBLIC_KEY', publicKey]] as const) {
      if (value !== null && value !== undefined) problems.push(`${credentials}: required with ${name}`);
    }
  }
  if (problems.length > 0 || !read.config) return { overpay: null, problems };
  return { overpay: { ...read.config, notificationUrl, test: test === 'true', publicKey }, problems };
}
