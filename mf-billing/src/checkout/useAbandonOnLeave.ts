import { useEffect, useEffectEvent, useRef } from 'react';
import { API_BASE, API_HEADERS, type PaymentMethod } from '@fable/contracts';
import { selectSession, useAppSelector } from '@fable/shared';
import { CHECKOUT_CALLS } from './checkoutApi';

/**
 * The checkout-abandon event (document 2 §4): when the member leaves the checkout (the page hides for good, or the
 * checkout unmounts on a move within the app) with a redirect provider chosen and the payment not completed, POST
 * checkout/abandon once, with keepalive so it outlives the page. `active` is false while paying by card, once the
 * payment is completed, and while the browser goes to the provider's page (that is not leaving the payment).
 */
export function useAbandonOnLeave({ active, planId, method, orderId }: { active: boolean; planId: string; method: PaymentMethod; orderId: string | null }) {
  const session = useAppSelector(selectSession);
  const send = useEffectEvent(() => {
    if (!active) return;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (session.accessToken) headers[API_HEADERS.authorization] = `Bearer ${session.accessToken}`;
    if (session.guestUserId) headers[API_HEADERS.guestUserId] = session.guestUserId;
    if (session.applicationId) headers[API_HEADERS.applicationId] = session.applicationId;
    const body = JSON.stringify({ plan_id: planId, payment_method: method, ...(orderId ? { order_id: orderId } : {}) });
    void fetch(`${API_BASE}${CHECKOUT_CALLS.abandonCheckout.path}`, { method: 'POST', headers, body, keepalive: true, credentials: 'include' }).catch(() => undefined);
  });
  // An unmount is taken as leaving only if no mount follows in the same task (StrictMode mounts twice in development).
  const unmounting = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (unmounting.current) clearTimeout(unmounting.current);
    const once = () => {
      if (sent.current) return;
      sent.current = true;
      send();
    };
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) once();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      unmounting.current = setTimeout(once, 0);
    };
  }, []);
}
