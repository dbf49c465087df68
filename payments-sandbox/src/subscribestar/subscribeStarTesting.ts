// For tests (the sandbox's and the API's): plays the shopper on the sandbox SubscribeStar's authorize page.

/** Opens the authorize URL, checks the page, and answers the decision's redirect (the site URL with code and state, or error). */
export async function decideOnAuthorizePage(authorizeUrl: string, login: string, decision: 'approve' | 'deny' = 'approve'): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${await page.text()}`);
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams({
    client_id: url.searchParams.get('client_id') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    scope: url.searchParams.get('scope') ?? '',
    state: url.searchParams.get('state') ?? '',
    account: login,
    decision,
  });
  const res = await fetch(new URL('/oauth2/authorize', url), { method: 'POST', body: form, redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`decision answered ${res.status}: ${await res.text()}`);
  return new URL(location);
}
