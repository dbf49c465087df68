import { testConfig } from '../../../config';
import { isSiteOrigin, isSitePage, returnOrigin, siteUrl } from './siteUrls';

describe('site URLs', () => {
  const local = testConfig({ publicUrl: 'http://localhost:3000' });
  const prod = testConfig({ publicUrl: 'https://fable.example' });

  it('takes the site origin and its loopback twins on this machine, nothing else', () => {
    expect(isSiteOrigin(local, 'http://localhost:3000')).toBe(true);
    expect(isSiteOrigin(local, 'http://127.0.0.1:3000')).toBe(true);
    expect(isSiteOrigin(local, 'http://[::1]:3000')).toBe(true);
    expect(isSiteOrigin(local, 'http://127.0.0.1:3001')).toBe(false);
    expect(isSiteOrigin(local, 'https://127.0.0.1:3000')).toBe(false);
    expect(isSiteOrigin(local, 'http://evil.example:3000')).toBe(false);
    expect(isSiteOrigin(prod, 'https://fable.example')).toBe(true);
    expect(isSiteOrigin(prod, 'https://fable.example.evil.example')).toBe(false);
    expect(isSiteOrigin(prod, 'http://localhost')).toBe(false);
    expect(isSiteOrigin(prod, 'not a url')).toBe(false);
  });

  it('sends the member back to the origin they called from when it is the site, else to PUBLIC_URL', () => {
    expect(returnOrigin(local, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(returnOrigin(local, 'https://evil.example')).toBe('http://localhost:3000');
    expect(returnOrigin(local, undefined)).toBe('http://localhost:3000');
    expect(siteUrl('https://fable.example', '/checkout', { plan_id: 'a&b', cancelled: '1' })).toBe('https://fable.example/checkout?plan_id=a%26b&cancelled=1');
  });

  it('accepts only absolute pages of the site without credentials', () => {
    expect(isSitePage(prod, 'https://fable.example/link/subscribestar')).toBe(true);
    expect(isSitePage(prod, '/link/subscribestar')).toBe(false);
    expect(isSitePage(prod, 'javascript:alert(1)')).toBe(false);
    expect(isSitePage(prod, 'https://user:pw@fable.example/x')).toBe(false);
    expect(isSitePage(prod, 'https://evil.example/https://fable.example')).toBe(false);
  });
});
