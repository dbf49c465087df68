import { isIP } from 'node:net';

/**
 * Which proxies' X-Forwarded-* headers the API believes (Fastify `trustProxy`), from TRUST_PROXY:
 * unset, empty or "false": none (request.ip is the socket's peer); a whole number n: the n nearest hops;
 * otherwise a comma-separated list of addresses and CIDR ranges ("10.0.0.0/8,127.0.0.1"). Never "true": trusting
 * every hop lets any client choose its own address (and with it its rate limit).
 */
export type TrustProxy = false | number | string[];

export class TrustProxyError extends Error {}

const isCidrOrAddress = (entry: string): boolean => {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
};

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') {
    throw new TrustProxyError('TRUST_PROXY must be a hop count or a list of proxy addresses, never "true" (any client could then pick its own address)');
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new TrustProxyError('TRUST_PROXY hop count must be between 0 and 10');
    return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isCidrOrAddress(e));
  if (entries.length === 0 || bad.length > 0) {
    throw new TrustProxyError(`TRUST_PROXY must be a hop count or comma-separated IP addresses / CIDR ranges (not: ${bad.join(', ')})`);
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for a TrustProxy. A hop count becomes "the n nearest hops" (proxy-addr's hop index: 0 is the
 * socket's peer); Fastify itself now ignores plain numbers (fails closed), so the count is given as a function.
 */
export function fastifyTrustProxy(trust: TrustProxy | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined || trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
