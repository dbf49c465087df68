// The sandbox SubscribeStar's memory: authorization codes (single use, 10 minutes) and access tokens (2 hours).
import { randomBytes } from 'node:crypto';
import type { SandboxSubscribeStarAccount } from './accounts';

export interface AuthorizationCode {
  code: string;
  account: SandboxSubscribeStarAccount;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface AccessToken {
  token: string;
  account: SandboxSubscribeStarAccount;
  scopes: string[];
  expiresAt: number;
}

export const CODE_TTL_MS = 10 * 60_000;
export const TOKEN_TTL_SECONDS = 2 * 3600;
/** The scopes SubscribeStar's documentation names for reading a supporter. */
export const KNOWN_SCOPES = ['user.read', 'user.email.read', 'subscriber.read', 'subscriber.payments.read'];

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export class SubscribeStarState {
  readonly codes = new Map<string, AuthorizationCode>();
  readonly tokens = new Map<string, AccessToken>();

  issueCode(account: SandboxSubscribeStarAccount, clientId: string, redirectUri: string, scopes: string[]): string {
    const code = secret('ssc_');
    this.codes.set(code, { code, account, clientId, redirectUri, scopes, expiresAt: Date.now() + CODE_TTL_MS, used: false });
    return code;
  }

  issueToken(account: SandboxSubscribeStarAccount, scopes: string[]): AccessToken {
    const token: AccessToken = { token: secret('sst_'), account, scopes, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000 };
    this.tokens.set(token.token, token);
    return token;
  }

  /** A live token, or null. */
  token(value: string): AccessToken | null {
    const token = this.tokens.get(value);
    return token && token.expiresAt > Date.now() ? token : null;
  }
}
