import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserNavigation } from './useCheckoutPayment';
import { continueWithProvider, renderCheckout, SANDBOX_ORIGIN } from '../testing/checkoutTestKit';

// The hosted checkout link of the subscription billing provider (document 2 §7) as one more payment method of the
// checkout: the API builds the link, the browser goes to it.

jest.setTimeout(30_000);

const LINK = `${SANDBOX_ORIGIN}/hosted_pages/checkout?subscription_items%5Bitem_price_id%5D%5B0%5D=basic-USD-Monthly&subscription_items%5Bquantity%5D%5B0%5D=1&hosted_page_id=rs_1`;

async function continueWithHostedCheckout(user: ReturnType<typeof userEvent.setup>, handlers = {}) {
  const rendered = renderCheckout('/checkout?plan_id=basic_1m&coupon=WELCOME10', { handlers });
  await continueWithProvider(user, 'Secure checkout page');
  return rendered;
}

it('asks the API for the hosted checkout link and navigates the browser to it; no abandon event then', async () => {
  const user = userEvent.setup();
  const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  try {
    const { fake, unmount } = await continueWithHostedCheckout(user, { 'POST /checkout/hosted_checkout': () => ({ body: { url: LINK, order_id: 'order-7' } }) });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(LINK);
    const calls = fake.callsTo('POST /checkout/hosted_checkout');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ plan_id: 'basic_1m', email: 'ada@example.com', promo_code: 'WELCOME10', offer_id: null });
    expect(calls[0]!.body).not.toHaveProperty('payment_option');
    expect((calls[0]!.body as { idempotency_key: string }).idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(fake.calls.filter((c) => /_new_payment$/.test(c.path))).toHaveLength(0);
    expect(screen.getByText('Taking you to the payment page…')).toBeInTheDocument();
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsTo('POST /checkout/abandon')).toHaveLength(0);
  } finally {
    assign.mockRestore();
  }
});

it('shows the API’s refusal in red and stays on the checkout; leaving then logs the abandon event', async () => {
  const user = userEvent.setup();
  const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  try {
    const { fake, unmount } = await continueWithHostedCheckout(user, {
      'POST /checkout/hosted_checkout': () => ({ status: 400, body: { error: { code: 'payment_method_not_offered', message: 'This payment method is not available.' } } }),
    });
    expect(await screen.findByText('This payment method is not available.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    unmount();
    await waitFor(() => expect(fake.callsTo('POST /checkout/abandon')).toHaveLength(1));
    expect(fake.callsTo('POST /checkout/abandon')[0]!.body).toEqual({ plan_id: 'basic_1m', payment_method: 'hosted_checkout' });
  } finally {
    assign.mockRestore();
  }
});
