import { envValue } from '../../envValue';

/**
 * Where the API finds Payssion (or the payments sandbox's Payssion) and its merchant keys: PaymentsConfig.payssion,
 * read from PAYSSION_URL, PAYSSION_API_KEY and PAYSSION_SECRET_KEY. The notify URL is not sent with each payment: it
 * is the merchant's setting at Payssion (the sandbox's PAYMENTS_SANDBOX_PAYSSION_NOTIFY_URL), pointing at the API's
 * PAYSSION_NOTIFY_PATH.
 */
export interface PayssionConfig {
  /** https://www.payssion.com, or the payments sandbox. */
  url: string;
  apiKey: string;
  secretKey: string;
}

/** The sandbox's Payssion merchant (payments-sandbox/src/payssion/payssionApi.ts DEFAULT_PAYSSION). */
export const SANDBOX_PAYSSION_KEYS = { apiKey: 'sandbox_payssion_fable', secretKey: 'payssion_secret_fable' } as const;
export const PAYSSION_LIVE_URL = 'https://www.payssion.com';

/**
 * PAYSSION_API_KEY and PAYSSION_SECRET_KEY together (PAYSSION_URL optional: Payssion's own, or the sandbox's with
 * the sandbox provider), or none: the sandbox's Payssion on the sandbox provider, else none (Payssion's methods then
 * answer 503). One key without the other, or a URL that is not an origin: problems naming each variable.
 */
export function readPayssionConfig(env: NodeJS.ProcessEnv, sandboxUrl: string | null): { payssion: PayssionConfig | null; problems: string[] } {
  const apiKey = envValue(env.PAYSSION_API_KEY);
  const secretKey = envValue(env.PAYSSION_SECRET_KEY);
  const url = envValue(env.PAYSSION_URL);
  const problems: string[] = [];
  if (url !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(url)) problems.push('PAYSSION_URL: must be an origin like https://www.payssion.com');
  if ((apiKey === undefined) !== (secretKey === undefined)) problems.push(apiKey ? 'PAYSSION_SECRET_KEY: required with PAYSSION_API_KEY' : 'PAYSSION_API_KEY: required with PAYSSION_SECRET_KEY');
  if (url !== undefined && apiKey === undefined && secretKey === undefined) problems.push('PAYSSION_API_KEY: required with PAYSSION_URL');
  if (problems.length > 0) return { payssion: null, problems };
  const origin = (url ?? sandboxUrl ?? PAYSSION_LIVE_URL).replace(/\/$/, '');
  if (apiKey && secretKey) return { payssion: { url: origin, apiKey, secretKey }, problems };
  return { payssion: sandboxUrl ? { url: origin, ...SANDBOX_PAYSSION_KEYS } : null, problems };
}
