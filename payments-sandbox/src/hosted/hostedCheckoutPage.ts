// A subscription billing provider's hosted checkout (document 2 §7 "Hosted checkout link"), as a Chargebee-style
// provider serves it: GET /hosted_pages/checkout with the plan's item price, quantity 1, the customer's email, the
// member's user id as a custom field and an optional coupon, in the provider's checkout-link parameters. The sandbox
// has no catalog of its own: the API first makes a redirect session of provider `hosted_checkout` (amount, return and
// cancel URLs, and what the link will say in its metadata) and names it in the link (`hosted_page_id`); a link whose
// parameters differ from its session's is refused, so a link edited in the address bar charges nothing. Pay and
// Cancel are the redirect page's (redirectPage.ts): a 303 to the return or cancel URL, and
// redirect_session.completed or .canceled announced.
import type { FastifyInstance } from 'fastify';
import type { RedirectSession } from '../api/objects';
import type { SandboxState } from '../api/state';
import { escapeHtml, formatAmount, sendPage } from './html';

export const HOSTED_CHECKOUT_PATH = '/hosted_pages/checkout';

/** The link's parameters and the session's metadata each must equal (item_price_id, customer_email, user_id, coupon_id). */
const CHECKED: ReadonlyArray<{ param: string; metadata: string; label: string; optional?: boolean }> = [
  { param: 'subscription_items[item_price_id][0]', metadata: 'item_price_id', label: 'item price' },
  { param: 'customer[email]', metadata: 'customer_email', label: 'customer email' },
  { param: 'subscription[cf_user_id]', metadata: 'user_id', label: 'user id' },
  { param: 'coupon_ids[0]', metadata: 'coupon_id', label: 'coupon', optional: true },
];
const QUANTITY = 'subscription_items[quantity][0]';
const PAGE_ID = 'hosted_page_id';

const refused = (message: string) => ({ title: 'Checkout unavailable', body: `<main class="panel"><p class="error" role="alert">${escapeHtml(message)}</p></main>` });

/** Why the link cannot be paid (its words for the page), or null. */
export function hostedLinkProblem(session: RedirectSession | undefined, query: URLSearchParams): { status: number; message: string } | null {
  if (!session || session.provider !== 'hosted_checkout') return { status: 404, message: 'This checkout does not exist.' };
  const quantity = query.get(QUANTITY);
  if (quantity !== '1') return { status: 400, message: `The quantity must be 1 (${QUANTITY}), not ${quantity === null ? 'missing' : `"${quantity}"`}.` };
  for (const field of CHECKED) {
    const given = query.get(field.param);
    const expected = session.metadata[field.metadata];
    if (given === null && !field.optional) return { status: 400, message: `The ${field.label} (${field.param}) is missing.` };
    if ((given ?? undefined) !== expected) return { status: 400, message: `The ${field.label} (${field.param}) does not match this checkout.` };
  }
  return null;
}

export function registerHostedCheckoutPage(app: FastifyInstance, state: SandboxState): void {
  app.get(HOSTED_CHECKOUT_PATH, (request, reply) => {
    const query = new URL(request.url, 'http://sandbox.invalid').searchParams;
    const session = state.redirectSessions.get(query.get(PAGE_ID) ?? '');
    const problem = hostedLinkProblem(session, query);
    if (problem || !session) return sendPage(reply, refused(problem?.message ?? 'This checkout does not exist.'), problem?.status ?? 404);
    if (session.status !== 'open') {
      return sendPage(reply, { title: 'Checkout finished', body: `<main class="panel"><p>This checkout is already ${escapeHtml(session.status)}.</p></main>` });
    }
    const action = (choice: string) => `/pay/${encodeURIComponent(session.id)}/${choice}`;
    const coupon = session.metadata.coupon_id;
    const body = `
<main class="panel">
  <h1>Sandbox hosted checkout</h1>
  <dl>
    <dt>Item price</dt><dd>${escapeHtml(session.metadata.item_price_id ?? '')} × 1</dd>
    <dt>Customer</dt><dd>${escapeHtml(session.metadata.customer_email ?? '')}</dd>
    ${coupon ? `<dt>Coupon</dt><dd>${escapeHtml(coupon)}</dd>` : ''}
  </dl>
  <p>Pay <strong>${escapeHtml(formatAmount(session.amount, session.currency))}</strong>.</p>
  <p class="note">A test page standing in for the billing provider's hosted checkout.</p>
  <div class="actions">
    <form method="post" action="${escapeHtml(action('pay'))}"><button type="submit">Pay and subscribe</button></form>
    <form method="post" action="${escapeHtml(action('cancel'))}"><button type="submit">Cancel</button></form>
  </div>
</main>`;
    return sendPage(reply, { title: 'Checkout', body });
  });
}
