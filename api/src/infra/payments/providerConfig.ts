import { envValue } from '../envValue';

/**
 * How a redirect provider with an API of its own is configured (coinpayments/, volt/, …): its credentials from the
 * environment, all of them or none, and where its API is (Overpay: its two hosts). All given: that merchant, at
 * `<P>_URL` or the provider's own address. None given: on the sandbox provider (sandboxUrl set) the sandbox's merchant at the sandbox's address (so a
 * bare `npm start` works), else not configured (its methods then answer 503). Some without the others, a URL without
 * credentials, or a URL that is not an origin: a problem naming each variable, so a half-configured provider never
 * starts.
 */
export interface ProviderVariables<C extends Record<string, string>, U extends string = never> {
  /** COINPAYMENTS_URL, VOLT_URL, … */
  urlVariable: string;
  /** The provider's own API, when no URL is given and the sandbox is not the provider. */
  liveUrl: string;
  /**
   * A provider whose calls go to more than one host (Overpay: its checkout and its gateway API): each other origin, by
   * the configuration's key, read like `url` (its variable, the provider's own when unset, the sandbox's address on
   * the sandbox provider).
   */
  otherUrls?: { [K in U]: { variable: string; liveUrl: string } };
  /** Each credential's variable, by the configuration's key. */
  variables: { [K in keyof C]: string };
  /** The sandbox's merchant, taken when none is given on the sandbox provider. */
  sandbox: C;
}

export interface ProviderConfigRead<C, U extends string = never> {
  /** The credentials (given, or the sandbox's) and the API's origins; null when not configured or with problems. */
  config: (C & { url: string } & Record<U, string>) | null;
  /** Whether the credentials are the sandbox's defaults (none was given). */
  sandboxDefaults: boolean;
  /** The URL variable as given (undefined when unset). */
  givenUrl: string | undefined;
  problems: string[];
}

const ORIGIN = /^https?:\/\/[^/\s]+\/?$/;

export function readProviderConfig<C extends Record<string, string>, U extends string = never>(
  env: NodeJS.ProcessEnv,
  sandboxUrl: string | null,
  spec: ProviderVariables<C, U>,
): ProviderConfigRead<C, U> {
  const others = Object.entries<{ variable: string; liveUrl: string }>(spec.otherUrls ?? ({} as Record<U, never>)).map(([key, other]) => ({ key, ...other }));
  // each origin's key, variable, live address and value as given
  const given = [{ key: 'url', variable: spec.urlVariable, liveUrl: spec.liveUrl }, ...others].map((u) => ({ ...u, value: envValue(env[u.variable]) }));
  const givenUrl = given[0]?.value;
  const keys = Object.keys(spec.variables) as Array<keyof C & string>;
  const names = keys.map((key) => spec.variables[key]);
  const values = Object.fromEntries(keys.map((key) => [key, envValue(env[spec.variables[key]])]));
  const set = keys.filter((key) => values[key] !== undefined).map((key) => spec.variables[key]);
  const problems: string[] = [];
  for (const u of given) if (u.value !== undefined && !ORIGIN.test(u.value)) problems.push(`${u.variable}: must be an origin like ${u.liveUrl}`);
  if (set.length > 0 && set.length < names.length) {
    for (const name of names) if (!set.includes(name)) problems.push(`${name}: required with ${set.join(', ')}`);
  }
  if (set.length === 0) for (const u of given) if (u.value !== undefined) problems.push(`${names.join(', ')}: required with ${u.variable}`);
  if (problems.length > 0) return { config: null, sandboxDefaults: false, givenUrl, problems };
  const origins = Object.fromEntries(given.map((u) => [u.key, (u.value ?? sandboxUrl ?? u.liveUrl).replace(/\/$/, '')])) as { url: string } & Record<U, string>;
  if (set.length === names.length) return { config: { ...(values as C), ...origins }, sandboxDefaults: false, givenUrl, problems };
  return { config: sandboxUrl ? { ...spec.sandbox, ...origins } : null, sandboxDefaults: sandboxUrl !== null, givenUrl, problems };
}
