// Reading a call's parameters the way Stripe does: unknown parameters refused, required ones named, integers
// and booleans checked, metadata within Stripe's limits.
import type { FormObject, FormValue } from './formBody';
import { invalidRequest, missingParam, unknownParam } from './stripeError';

/** Refuses any parameter outside `allowed` (`expand` is always accepted and ignored). */
export function allowOnly(params: FormObject, allowed: readonly string[]): void {
  const unknown = Object.keys(params).find((key) => key !== 'expand' && !allowed.includes(key));
  if (unknown) throw unknownParam(unknown);
}

export function optionalString(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name} must be a string.`, { code: 'parameter_invalid_string', param: name });
  return value;
}

export function requiredString(params: FormObject, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function optionalInteger(params: FormObject, name: string): number | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: name });
  return Number(value);
}

export function requiredInteger(params: FormObject, name: string): number {
  const value = optionalInteger(params, name);
  if (value === undefined) throw missingParam(name);
  return value;
}

/** An absolute http(s) URL (never javascript: or data:, which a redirect would run). */
export function optionalHttpUrl(params: FormObject, name: string): string | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // reported below
  }
  throw invalidRequest(`Invalid URL: ${name} must be an absolute http(s) URL.`, { code: 'url_invalid', param: name });
}

export function requiredHttpUrl(params: FormObject, name: string): string {
  const value = optionalHttpUrl(params, name);
  if (value === undefined) throw missingParam(name);
  return value;
}

export function optionalBoolean(params: FormObject, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, { code: 'parameter_invalid_boolean', param: name });
  return value === 'true';
}

export function optionalHash(params: FormObject, name: string): FormObject | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash`, { code: 'parameter_invalid_hash', param: name });
  return value;
}

export type Metadata = Record<string, string>;

/** Merges a metadata update into `current`: an empty value removes its key, an empty string the whole set. */
export function applyMetadata(current: Metadata, params: FormObject, name = 'metadata'): Metadata {
  const raw: FormValue | undefined = params[name];
  if (raw === undefined) return current;
  if (raw === '') return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('Invalid hash', { code: 'parameter_invalid_hash', param: name });
  const next = { ...current };
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw invalidRequest(`Invalid metadata value for ${key}: must be a string.`, { param: `${name}[${key}]` });
    if (key.length > 40) throw invalidRequest(`Metadata keys can have up to 40 characters. The key '${key.slice(0, 40)}…' is longer.`, { param: `${name}[${key}]` });
    if (value.length > 500) throw invalidRequest(`Metadata values can have up to 500 characters, but you passed in a value that is ${value.length} characters.`, { param: `${name}[${key}]` });
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > 50) throw invalidRequest('You can have up to 50 metadata keys.', { param: name });
  return next;
}
