/**
 * This page's CSP nonce, which the static server puts in `<meta property="csp-nonce" nonce="…">` on every host page
 * (deploy/server/htmlPage.ts): emotion's <style> elements carry it, the policy allows no other inline style. Read from
 * the `nonce` property: browsers hide the attribute's value once the page has a policy. None under the dev server.
 */
export function cspNonce(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string | undefined {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}
