import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';

/** A route of the app as registered (collected with buildApp's onRoute option). */
export interface CatalogRoute {
  method: string;
  url: string;
  access: string;
  /** A GET that writes (config.writes): impersonation and bans treat it as a write. */
  writes?: boolean;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/** Every route but the HEAD twins Fastify adds to GETs. */
export function catalogRoute(route: RouteOptions): CatalogRoute[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  const schema = (route.schema ?? {}) as { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  const access = String((route.config as { access?: string } | undefined)?.access ?? 'none');
  const writes = (route.config as { writes?: boolean } | undefined)?.writes === true;
  return methods.map((method) => ({ method, url: route.url, access, writes, params: schema.params, querystring: schema.querystring, body: schema.body }));
}

/** One generated request; `hostile` when it carries something no route may store or decode. */
export interface HostileRequest {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
  hostile: boolean;
  /** What made it hostile (for reports). */
  why: string[];
}

/** A value with a note of whether it is hostile (NUL, lone surrogate, too deep). */
interface Tagged<T> {
  value: T;
  hostile?: string;
}

const short = fc.string({ maxLength: 12 });
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];

const withNul: fc.Arbitrary<Tagged<string>> = fc.tuple(short, short).map(([a, b]) => ({ value: `${a}\u0000${b}`, hostile: 'NUL' }));
const withLoneSurrogate: fc.Arbitrary<Tagged<string>> = fc
  .tuple(fc.string({ maxLength: 8, unit: 'grapheme-ascii' }), fc.constantFrom(...LONE_SURROGATES), fc.string({ maxLength: 8, unit: 'grapheme-ascii' }))
  .map(([a, s, b]) => ({ value: `${a}${s}${b}`, hostile: 'lone surrogate' }));
const huge: fc.Arbitrary<Tagged<string>> = fc.constantFrom(5_000, 200_000).map((n) => ({ value: 'x'.repeat(n) }));

/** Strings that are not hostile but odd, and the seeded ids (so the route gets past "not found"). */
function plainStrings(known: readonly string[]): fc.Arbitrary<Tagged<string>> {
  const odd = ['', ' ', 'a', 'abc_def', 'Hello there friend', '0', '-1', '1e309', 'NaN', 'null', 'true', '../../etc/passwd', "' or 1=1 --", '<script>', '%00', '😀', 'new'];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known, 'new') },
    { weight: 2, arbitrary: fc.constantFrom(...odd) },
    { weight: 2, arbitrary: fc.string({ maxLength: 24, unit: 'binary' }) },
  ).map((value) => ({ value }));
}

function hostileString(known: readonly string[]): fc.Arbitrary<Tagged<string>> {
  return fc.oneof({ weight: 3, arbitrary: withNul }, { weight: 2, arbitrary: withLoneSurrogate }, { weight: 3, arbitrary: plainStrings(known) }, { weight: 1, arbitrary: huge });
}

const nest = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

/** Any JSON value in a field: hostile strings, wrong types, deep nesting. */
function fieldValue(known: readonly string[]): fc.Arbitrary<Tagged<unknown>> {
  const s = hostileString(known);
  return fc.oneof(
    { weight: 6, arbitrary: s },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(2 ** 53 + 1)).map((value) => ({ value })) },
    { weight: 1, arbitrary: fc.array(s, { maxLength: 4 }).map((items) => ({ value: items.map((i) => i.value), hostile: items.find((i) => i.hostile)?.hostile })) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }).map((value) => ({ value })) },
    { weight: 1, arbitrary: fc.constantFrom(40, 1_500).map((depth) => ({ value: nest(depth), hostile: 'deep' })) },
    { weight: 1, arbitrary: withNul.map((k) => ({ value: { [k.value]: 'x' }, hostile: 'NUL in a key' })) },
  );
}

type ZodDef = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; element?: z.ZodType; entries?: Record<string, unknown>; values?: unknown[]; defaultValue?: unknown };
const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The fields of an object schema (through optional / pipe wrappers), or none. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let current = schema;
  for (let i = 0; current && i < 10; i++) {
    const def = defOf(current);
    if (def.type === 'object') return def.shape;
    current = def.innerType ?? def.in;
  }
  return undefined;
}

const STRING_CANDIDATES = ['hello_there', 'Hello there friend, this is a fine text.', 'abc', 'a@example.com', 'https://example.com/a.png', '2025-01-15', '2025-01-15T10:00:00.000Z', 'en', 'fantasy', '00000000-0000-4000-8000-000000000000'];
const NUMBER_CANDIDATES = [1, 5, 0, 10, 100, 3.5, 2025];

/** A value the schema accepts when one is easy to find (so hostile fields reach the code behind validation). */
export function sampleValid(schema: z.ZodType, known: readonly string[], depth = 0): unknown {
  if (depth > 8) return undefined;
  const def = defOf(schema);
  const firstValid = (candidates: readonly unknown[]) => candidates.find((c) => schema.safeParse(c).success) ?? candidates[0];
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = sampleValid(field, known, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? sampleValid(def.innerType, known, depth + 1) : undefined;
    case 'pipe':
      return def.in ? sampleValid(def.in, known, depth + 1) : undefined;
    case 'union':
      return def.options?.[0] ? sampleValid(def.options[0], known, depth + 1) : undefined;
    case 'array':
      return def.element ? [sampleValid(def.element, known, depth + 1)] : [];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'string':
      return firstValid([...known, ...STRING_CANDIDATES]);
    case 'number':
    case 'int':
      return firstValid(NUMBER_CANDIDATES);
    case 'boolean':
      return true;
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/** A path segment as sent: well-formed percent-encoding, or bytes that do not decode. */
function encodeSegment(text: Tagged<string>): Tagged<string> {
  if (text.hostile === 'lone surrogate') {
    // encodeURIComponent refuses lone surrogates; send their CESU-8 bytes, which are not UTF-8.
    return { value: text.value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').split('%ED%A0%80').map(encodeURIComponent).join('%ED%A0%80'), hostile: 'undecodable path' };
  }
  return { value: encodeURIComponent(text.value), hostile: text.hostile };
}

const BAD_ENCODINGS = ['%ZZ', '%E2%82', '%', '%C0%AF', 'a%FFb', '%ED%A0%80'];

function pathSegment(known: readonly string[]): fc.Arbitrary<Tagged<string>> {
  return fc.oneof(
    { weight: 5, arbitrary: hostileString(known).map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ENCODINGS).map((value) => ({ value, hostile: 'undecodable path' })) },
  );
}

function queryPair(key: string, known: readonly string[]): fc.Arbitrary<Tagged<string>> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: hostileString(known)
        .map(encodeSegment)
        .map((v) => ({ value: `${encodeURIComponent(key)}=${v.value}`, hostile: v.hostile === 'undecodable path' ? 'undecodable query' : v.hostile })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ENCODINGS).map((v) => ({ value: `${encodeURIComponent(key)}=${v}`, hostile: 'undecodable query' })) },
  );
}

/**
 * Requests for one route: every path parameter, some query values (the schema's and stray ones) and the body's
 * fields (a valid sample with fields replaced, or a body of the wrong shape) drawn from hostile values.
 */
export function requestsFor(route: CatalogRoute, known: readonly string[]): fc.Arbitrary<HostileRequest> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const queryKeys = [...Object.keys(objectShape(route.querystring) ?? {}), 'q', 'limit', 'cursor'];
  const bodyShape = objectShape(route.body);
  const base = route.body ? (sampleValid(route.body, known) as Record<string, unknown> | undefined) : undefined;

  const params = fc.tuple(...paramNames.map(() => pathSegment(known)));
  const query = fc.subarray(queryKeys, { maxLength: 3 }).chain((keys) => (keys.length === 0 ? fc.constant([] as Tagged<string>[]) : fc.tuple(...keys.map((k) => queryPair(k, known)))));
  const bodyKeys = Object.keys(bodyShape ?? {});
  const body: fc.Arbitrary<Tagged<string> | undefined> =
    route.method === 'GET' || route.method === 'DELETE'
      ? fc.constant(undefined)
      : fc.oneof(
          {
            weight: 6,
            arbitrary: fc
              .tuple(fc.subarray(bodyKeys.length > 0 ? bodyKeys : ['name'], { minLength: 1, maxLength: Math.min(3, Math.max(1, bodyKeys.length)) }), fc.array(fieldValue(known), { minLength: 3, maxLength: 3 }))
              .map(([keys, values]) => {
                const out: Record<string, unknown> = { ...(base && typeof base === 'object' ? base : {}) };
                keys.forEach((k, i) => (out[k] = values[i]!.value));
                return { value: JSON.stringify(out), hostile: keys.map((_, i) => values[i]!.hostile).find(Boolean) };
              }),
          },
          { weight: 1, arbitrary: fieldValue(known).map((v) => ({ value: JSON.stringify(v.value) ?? 'null', hostile: v.hostile })) },
          { weight: 1, arbitrary: fc.constantFrom('{"a":', '{"a":"\u0000"}', '[', 'not json', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}').map((value) => ({ value, hostile: value.includes('\u0000') ? 'raw NUL' : undefined })) },
          { weight: 1, arbitrary: fc.constant(base === undefined ? undefined : { value: JSON.stringify(base) }) },
        );

  return fc.tuple(params, query, body).map(([ps, qs, b]) => {
    let i = 0;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, () => ps[i++]!.value);
    const search = qs.map((q) => q.value).join('&');
    const why = [...ps, ...qs, ...(b ? [b] : [])].map((t) => t.hostile).filter((h): h is string => Boolean(h));
    return {
      method: route.method,
      url: search ? `${path}?${search}` : path,
      ...(b ? { payload: b.value, contentType: 'application/json' } : {}),
      hostile: why.length > 0,
      why,
    };
  });
}
