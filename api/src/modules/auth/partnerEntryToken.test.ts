import { PARTNER_ENTRY_PARAMS, PARTNER_ENTRY_TOKEN } from '@fable/contracts';
import { partnerEntryUrl, signPartnerEntryToken, verifyPartnerEntryToken } from './partnerEntryToken';

const SECRET = 'storynest-entry-secret-0123456789';
const CLAIMS = { applicationId: 'storynest', id: 'sn-7', name: 'Nest User', username: 'nest_user' };
const NOW = new Date('2030-01-01T12:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('partner entry tokens (README "Partner users\' entry")', () => {
  it('reads v1.<expires>.<signature> and is checked with the secret it was signed with', () => {
    const token = signPartnerEntryToken(SECRET, CLAIMS, at(300));
    expect(token).toMatch(PARTNER_ENTRY_TOKEN.pattern);
    expect(token.split('.')[1]).toBe(String(NOW.getTime() / 1000 + 300));
    expect(verifyPartnerEntryToken(SECRET, token, CLAIMS, NOW)).toEqual({ ok: true, expiresAt: at(300) });
    expect(verifyPartnerEntryToken('another-secret-0123456789abcdef', token, CLAIMS, NOW)).toMatchObject({ ok: false, problem: 'invalid' });
  });

  it('is the documented HMAC-SHA256, so partners can sign it in any language', () => {
    // printf 'fable-partner-entry-v1\nstorynest\nsn-7\nNest User\nnest_user\n1893499500' |
    //   openssl dgst -sha256 -hmac storynest-entry-secret-0123456789 -binary | basenc --base64url | tr -d =
    expect(signPartnerEntryToken(SECRET, CLAIMS, at(300))).toBe('v1.1893499500.Ur1SuG32P_6ysQUDCkOZTH_B81iuOis9yIntTC6rhhM');
    // The values as the API reads them: spaces around them and the username's case change nothing.
    expect(signPartnerEntryToken(SECRET, { ...CLAIMS, name: ' Nest User ', username: 'Nest_User' }, at(300))).toBe(
      'v1.1893499500.Ur1SuG32P_6ysQUDCkOZTH_B81iuOis9yIntTC6rhhM',
    );
  });

  it('is refused once past its expiry, and when it claims to live longer than allowed', () => {
    const token = signPartnerEntryToken(SECRET, CLAIMS, at(60));
    expect(verifyPartnerEntryToken(SECRET, token, CLAIMS, at(59)).ok).toBe(true);
    expect(verifyPartnerEntryToken(SECRET, token, CLAIMS, at(60))).toMatchObject({ ok: false, problem: 'expired' });
    const longLived = signPartnerEntryToken(SECRET, CLAIMS, at(PARTNER_ENTRY_TOKEN.maxLifetimeSeconds + 120));
    expect(verifyPartnerEntryToken(SECRET, longLived, CLAIMS, NOW)).toMatchObject({ ok: false, problem: 'invalid', reason: expect.stringContaining('ahead') });
  });

  it('takes the one spelling of its signature only (base64url\'s last character has spare bits)', () => {
    const token = signPartnerEntryToken(SECRET, CLAIMS, at(300));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1)!);
    const other = `${token.slice(0, -1)}${alphabet[last % 4 === 3 ? last - 1 : last + 1]}`;
    // The same bytes under another spelling: refused, so a spent token cannot be spent again that way.
    expect(Buffer.from(other.split('.')[2]!, 'base64url')).toEqual(Buffer.from(token.split('.')[2]!, 'base64url'));
    expect(verifyPartnerEntryToken(SECRET, other, CLAIMS, NOW)).toMatchObject({ ok: false, problem: 'invalid', reason: expect.stringContaining('canonical') });
  });

  it('refuses values holding line breaks, which could move one value into the next', () => {
    expect(() => signPartnerEntryToken(SECRET, { ...CLAIMS, name: 'Nest\nUser' }, at(60))).toThrow(/line breaks/);
    const token = signPartnerEntryToken(SECRET, CLAIMS, at(60));
    expect(verifyPartnerEntryToken(SECRET, token, { ...CLAIMS, id: 'sn-7\r' + 'x' }, NOW)).toMatchObject({ ok: false, reason: expect.stringContaining('line breaks') });
  });

  it('makes the arrival link: /external with the user and its token', () => {
    const url = new URL(partnerEntryUrl('https://partner.example', SECRET, CLAIMS, at(300)));
    expect(url.origin + url.pathname).toBe('https://partner.example/external');
    expect(url.searchParams.get(PARTNER_ENTRY_PARAMS.externalId)).toBe('sn-7');
    expect(url.searchParams.get(PARTNER_ENTRY_PARAMS.name)).toBe('Nest User');
    expect(url.searchParams.get(PARTNER_ENTRY_PARAMS.username)).toBe('nest_user');
    expect(verifyPartnerEntryToken(SECRET, url.searchParams.get(PARTNER_ENTRY_PARAMS.token)!, CLAIMS, NOW).ok).toBe(true);
  });
});
