import { cspNonce } from './cspNonce';

describe('cspNonce', () => {
  afterEach(() => document.head.querySelectorAll('meta[property="csp-nonce"]').forEach((meta) => meta.remove()));

  it('reads the nonce the server put in the page', () => {
    document.head.insertAdjacentHTML('afterbegin', '<meta property="csp-nonce" nonce="bm9uY2UtZm9yLXRlc3Q=" />');
    expect(cspNonce()).toBe('bm9uY2UtZm9yLXRlc3Q=');
  });

  it('is undefined on a page without one (the dev server)', () => {
    expect(cspNonce()).toBeUndefined();
  });
});
