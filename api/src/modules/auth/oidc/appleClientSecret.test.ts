import { decodeProtectedHeader, jwtVerify } from 'jose';
import { makeAppleKey } from '../../../testing/fakeOidcProvider';
import { APPLE_CLIENT_SECRET_TTL_SECONDS, appleClientSecret } from './appleClientSecret';

describe('Apple client secret', () => {
  it('is an ES256 JWT of the team key: kid, iss = team, sub = client, aud = Apple, short-lived', async () => {
    const key = makeAppleKey('TEAMID1234', 'KEYID12345');
    const now = new Date('2026-03-01T12:00:00Z');
    const secret = appleClientSecret(
      { id: 'apple', issuer: 'https://appleid.apple.com', clientId: 'example.fable.signin', teamId: key.teamId, keyId: key.keyId, privateKey: key.privateKeyPem },
      now,
    );
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEYID12345', typ: 'JWT' });
    const { payload } = await jwtVerify(secret, key.publicKey, {
      algorithms: ['ES256'],
      issuer: 'TEAMID1234',
      subject: 'example.fable.signin',
      audience: 'https://appleid.apple.com',
      currentDate: now,
    });
    expect(payload.iat).toBe(now.getTime() / 1000);
    expect(payload.exp).toBe(now.getTime() / 1000 + APPLE_CLIENT_SECRET_TTL_SECONDS);
    // Signed by this key only.
    await expect(jwtVerify(secret, makeAppleKey().publicKey, { currentDate: now })).rejects.toThrow(/signature/);
  });
});
