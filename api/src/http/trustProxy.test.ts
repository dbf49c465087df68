import { parseTrustProxy } from './trustProxy';

describe('parseTrustProxy (TRUST_PROXY)', () => {
  it('trusts nobody by default', () => {
    for (const value of [undefined, '', ' ', 'false', '0']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('reads a hop count or a list of addresses and CIDR ranges', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8,127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(parseTrustProxy(' ::1 , fd00::/8 ')).toEqual(['::1', 'fd00::/8']);
  });

  it('never trusts every hop, and refuses what is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/never "true"/);
    for (const bad of ['loopback', '10.0.0.0/33', '1.2.3', '10.0.0.0/8/1', '11', '-1', '::1/129']) {
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
    }
  });
});
