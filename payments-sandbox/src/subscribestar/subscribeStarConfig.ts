// The sandbox SubscribeStar's OAuth client (one registered application, like a creator's at subscribestar.com).

export interface SubscribeStarSandboxConfig {
  clientId: string;
  clientSecret: string;
  /** Origins a redirect_uri may have (the site's): a registered application's redirect URIs at the real provider. */
  redirectOrigins: string[];
}

export const DEFAULT_SUBSCRIBESTAR_CLIENT = { clientId: 'fable_subscribestar_sandbox', clientSecret: 'fable_subscribestar_sandbox_secret' };

/** SUBSCRIBESTAR_SANDBOX_CLIENT_ID / SUBSCRIBESTAR_SANDBOX_CLIENT_SECRET, else the defaults (README.md). */
export function subscribeStarClientFromEnv(env: NodeJS.ProcessEnv): Pick<SubscribeStarSandboxConfig, 'clientId' | 'clientSecret'> {
  return {
    clientId: env.SUBSCRIBESTAR_SANDBOX_CLIENT_ID || DEFAULT_SUBSCRIBESTAR_CLIENT.clientId,
    clientSecret: env.SUBSCRIBESTAR_SANDBOX_CLIENT_SECRET || DEFAULT_SUBSCRIBESTAR_CLIENT.clientSecret,
  };
}
