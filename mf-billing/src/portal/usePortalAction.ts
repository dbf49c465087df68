import { useState } from 'react';
import { PORTAL_ACTION_REQUIRES_ACTION, PORTAL_ACTION_SUCCESS, type PortalAction, type PortalSubscription } from '@fable/contracts';
import { apiErrorMessage, GENERIC_ERROR_TEXT, useAppDispatch, useNotify } from '@fable/shared';
import { portalReloaded, useBilling_portalActionMutation } from './portalApi';
import { PORTAL_TEXTS as T } from './portalTexts';
import { refreshTokenAfterPortalAction } from './tokenRefresh';

/** What an action needs beyond the ids: change_plan its plan_id, change_card its card_token. */
export type PortalActionExtra = { plan_id?: string; card_token?: string };

/** threeDsUrl: change_card's bank asks the member to authenticate the card there first (REQUIRES_ACTION). */
export type PortalActionOutcome = { ok: true } | { ok: false; message: string; threeDsUrl?: string };

/**
 * Runs a portal action on the subscription (document 2 §4, §7, §8): on SUCCESS the portal reloads, a toast says what
 * was done, and the token is force-refreshed 5 s later; any other status, or an error answer, gives the server's
 * message (the generic text when it sends none) for the page to show. `pending` names the action under way.
 */
export function usePortalAction(sub: PortalSubscription) {
  const [send] = useBilling_portalActionMutation();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [pending, setPending] = useState<PortalAction | null>(null);

  const run = async (action: PortalAction, extra: PortalActionExtra = {}): Promise<PortalActionOutcome> => {
    const ids = { order_id: sub.order_id, subscription_id: sub.subscription_id };
    const body =
      action === 'change_plan'
        ? { action, ...ids, plan_id: extra.plan_id ?? '' }
        : action === 'change_card'
          ? { action, ...ids, card_token: extra.card_token ?? '' }
          : { action, ...ids };
    setPending(action);
    try {
      const result = await send(body).unwrap();
      if (result.status === PORTAL_ACTION_REQUIRES_ACTION && result.iframe_3ds_url) {
        return { ok: false, message: result.message?.trim() || GENERIC_ERROR_TEXT, threeDsUrl: result.iframe_3ds_url };
      }
      if (result.status !== PORTAL_ACTION_SUCCESS) return { ok: false, message: result.message?.trim() || GENERIC_ERROR_TEXT };
      dispatch(portalReloaded());
      refreshTokenAfterPortalAction(dispatch);
      notify.success(result.message?.trim() || T.done[action]);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: apiErrorMessage(error) };
    } finally {
      setPending(null);
    }
  };

  return { run, pending };
}
