import { randomBytes } from 'node:crypto';
import { openIdProvider } from './openIdProvider';
import { oauth2Provider } from './oauth2Provider';
import { PROVIDER_NAMES, type OidcProviderConfig } from './providerConfig';
import type { SocialProvider } from './socialProvider';

export { PROVIDER_NAMES };
export type { OidcIdentity, SignInChecks, SocialProvider } from './socialProvider';

export const randomToken = () => randomBytes(32).toString('base64url');

/** The API refuses to start with a provider that is configured but cannot work; this says which and why. */
export class OidcStartupError extends Error {
  override name = 'OidcStartupError';
}

/** The configured providers by id. */
export interface OidcClients {
  list(): SocialProvider[];
  get(id: string): SocialProvider | undefined;
}

/** An error and its causes, outermost first: "discovery of … failed: fetch failed: connect ECONNREFUSED …". */
const reason = (err: unknown) => {
  const messages: string[] = [];
  // Duck-typed: errors from fetch may come from another realm (Jest), where instanceof Error fails.
  for (let e = err as { message?: unknown; cause?: unknown } | undefined; typeof e?.message === 'string' && messages.length < 5; e = e.cause as typeof e) {
    messages.push(e.message);
  }
  return messages.join(': ');
};

/**
 * Sets up every configured provider, reading the OpenID Connect ones' discovery documents. A provider that is
 * configured but cannot work (discovery fails, an http issuer in production, an unusable key) is refused: this
 * throws an OidcStartupError naming each such provider and what is wrong. No provider configured: no network.
 */
export async function createOidcClients(configs: readonly OidcProviderConfig[], options: { nodeEnv: string }): Promise<OidcClients> {
  const settled = await Promise.allSettled(
    configs.map((config) =>
      config.id === 'google' || config.id === 'apple' ? openIdProvider(config, options) : oauth2Provider(config, options),
    ),
  );
  const problems = settled.flatMap((result, i) =>
    result.status === 'rejected'
      ? [`Sign-in with ${PROVIDER_NAMES[configs[i]!.id]} (OIDC_${configs[i]!.id.toUpperCase()}_*) is configured but cannot work: ${reason(result.reason)}`]
      : [],
  );
  if (problems.length > 0) throw new OidcStartupError(problems.join('; '));
  const providers = new Map(
    settled.map((result) => {
      const provider = (result as PromiseFulfilledResult<SocialProvider>).value;
      return [provider.id as string, provider];
    }),
  );
  return {
    list: () => [...providers.values()],
    get: (id) => providers.get(id),
  };
}
