import { useEffect, useRef, useState } from 'react';
import type { SupporterLinkState } from '@fable/contracts';
import { renewAccessToken, useAppDispatch, useLocation, useNavigate, useSearchParams } from '@fable/shared';
import { linkReturnUrl, linkStateOf, linkStateOfError, PROVIDER_CODE_PARAM, PROVIDER_STATE_PARAM, SUPPORTER_CODE_PARAM, TRANSIENT_LINK_POLL_MS } from './linkState';
import { supporterLinkApi, useBilling_supporterLinkMutation, useBilling_supporterTransientLinkQuery } from './supporterLinkApi';

export interface SupporterLink {
  state: SupporterLinkState;
  tier: string | null;
  /** The server's words with an error (an expired attempt, a code used twice). */
  message?: string | null;
}

/**
 * The OAuth return of /link/subscribestar (document 2 §2, §4): a plain `code` parameter is rewritten to
 * `subscribestar_code`; a `subscribestar_code` is sent once to GET link/subscribestar/oauth (linking → success,
 * invalid_pledge or error) with the provider's `state` (the API's link attempt), and both are taken out of the address at
 * once, so a reload does not send them again. Without a code
 * the page is idle (the Connect button). A success force-refreshes the token: the pledge's tier is the member's now.
 */
export function useOAuthSupporterLink(): SupporterLink {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [link] = useBilling_supporterLinkMutation();
  const sent = useRef<string | null>(null);
  const providerCode = params.get(PROVIDER_CODE_PARAM);
  const code = params.get(SUPPORTER_CODE_PARAM);
  const [result, setResult] = useState<SupporterLink>({ state: providerCode || code ? 'linking' : 'idle', tier: null });

  useEffect(() => {
    if (!providerCode || code) return;
    const next = new URLSearchParams(params);
    next.delete(PROVIDER_CODE_PARAM);
    next.set(SUPPORTER_CODE_PARAM, providerCode);
    void navigate(`${pathname}?${next.toString()}`, { replace: true });
  }, [providerCode, code, params, pathname, navigate]);

  useEffect(() => {
    if (!code || sent.current === code) return;
    sent.current = code;
    setResult({ state: 'linking', tier: null });
    const attempt = params.get(PROVIDER_STATE_PARAM);
    const rest = new URLSearchParams(params);
    for (const used of [SUPPORTER_CODE_PARAM, PROVIDER_CODE_PARAM, PROVIDER_STATE_PARAM]) rest.delete(used);
    const query = rest.toString();
    void navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
    link({ subscribestar_code: code, redirect_url: linkReturnUrl(window.location.origin), ...(attempt ? { state: attempt } : {}) })
      .unwrap()
      .then((answer) => {
        const state = linkStateOf(answer);
        setResult({ state: state === 'linking' ? 'error' : state, tier: answer.tier ?? null, message: answer.message ?? null });
        if (state === 'success') void dispatch(renewAccessToken());
      })
      .catch((error: unknown) => setResult({ state: linkStateOfError(error), tier: null }));
  }, [code, params, pathname, navigate, link, dispatch]);

  return result;
}

/**
 * /link/subscribestar/{transientId}: the status of a link the server started (GET link/subscribestar/{transientId}),
 * asked again every TRANSIENT_LINK_POLL_MS while it is still linking.
 */
export function useTransientSupporterLink(transientId: string): SupporterLink {
  const dispatch = useAppDispatch();
  const known = supporterLinkApi.endpoints.billing_supporterTransientLink.useQueryState(transientId);
  const stillLinking = !known.isError && (!known.data || linkStateOf(known.data) === 'linking');
  const query = useBilling_supporterTransientLinkQuery(transientId, { pollingInterval: stillLinking ? TRANSIENT_LINK_POLL_MS : 0 });
  const state: SupporterLinkState = query.isError ? linkStateOfError(query.error) : query.data ? linkStateOf(query.data) : 'linking';
  const linked = state === 'success';

  useEffect(() => {
    if (linked) void dispatch(renewAccessToken());
  }, [linked, dispatch]);

  return { state, tier: query.data?.tier ?? null, message: query.data?.message ?? null };
}
