import { envValue } from '../envValue';

/**
 * How a redirect provider with an API of its own is configured (coinpayments/, volt/): its credentials from the
 * environment, all of them or none, and where its API is. All given: that merchant, at `<P>_URL` or the provider's own
 * address. None given: on the sandbox provider (sandboxUrl set) the sandbox's merchant at the sandbox's address (so a
 * bare `npm start` works), else not configured (its methods then answer 503). Some without the others, a URL without
 * credentials, or a URL that is not an origin: a problem naming each variable, so a half-configured provider never
 * starts.
 */
export interface ProviderVariables<C extends Record<string, string>> {
  /** COINPAYMENTS_URL, VOLT_URL, … */
  urlVariable: string;
  /** The provider's own API, when no URL is given and the sandbox is not the provider. */
  liveUrl: string;
  /** Each credential's variable, by the configuration's key. */
  variables: { [K in keyof C]: string };
  /** The sandbox's merchant, taken when none is given on the sandbox provider. */
  sandbox: C;
}

export interface ProviderConfigRead<C> {
  /** The credentials (given, or the sandbox's) and the API's origin; null when not configured or with problems. */
  config: (C & { url: string }) | null;
  /** Whether the credentials are the sandbox's defaults (none was given). */
  sandboxDefaults: boolean;
  /** The URL variable as given (undefined when unset). */
  givenUrl: string | undefined;
  problems: string[];
}

const ORIGIN = /^https?:\/\/[^/\s]+\/?$/;

export function readProviderConfig<C extends Record<string, string>>(env: NodeJS.ProcessEnv, sandboxUrl: string | null, spec: ProviderVariables<C>): ProviderConfigRead<C> {
  const givenUrl = envValue(env[spec.urlVariable]);
  const keys = Object.keys(spec.variables) as Array<keyof C & string>;
  const names = keys.map((key) => spec.variables[key]);
  const values = Object.fromEntries(keys.map((key) => [key, envValue(env[spec.variables[key]])]));
  const set = keys.filter((key) => values[key] !== undefined).map((key) => spec.variables[key]);
  const problems: string[] = [];
  if (givenUrl !== undefined && !ORIGIN.test(givenUrl)) problems.push(`${spec.urlVariable}: must be an origin like ${spec.liveUrl}`);
  if (set.length > 0 && set.length < names.length) {
    for (const name of names) if (!set.includes(name)) problems.push(`${name}: required with ${set.join(', ')}`);
  }
  if (set.length === 0 && givenUrl !== undefined) problems.push(`${names.join(', ')}: required with ${spec.urlVariable}`);
  if (problems.length > 0) return { config: null, sandboxDefaults: false, givenUrl, problems };
  const url = (givenUrl ?? sandboxUrl ?? spec.liveUrl).replace(/\/$/, '');
  if (set.length === names.length) return { config: { ...(values as C), url }, sandboxDefaults: false, givenUrl, problems };
  return { config: sandboxUrl ? { ...spec.sandbox, url } : null, sandboxDefaults: sandboxUrl !== null, givenUrl, problems };
}
