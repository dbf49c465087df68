import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockApi } from '@fable/shared/testing';
import { MOCK_AUTHENTICATE_CARD_TOKEN, MOCK_CHALLENGE_URL, MOCK_DECLINED_CARD_TOKEN } from '@fable/mocks';
import { CHECKOUT_TEXTS } from '../checkout/checkoutTexts';
import { PortalPage } from './PortalPage';
import { PORTAL_TEXTS as T } from './portalTexts';
import { renderPortal } from '../testing/renderPortal';

const D = T.changeCardDialog;
const FRAME_ORIGIN = 'https://payments.example';
const PAYMENT_CONFIG = {
  provider: 'sandbox',
  publishable_key: 'pk_test_portal',
  card_fields_url: `${FRAME_ORIGIN}/elements/card?key=pk_test_portal`,
  frame_origin: FRAME_ORIGIN,
};

let fake: MockApi | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
});

async function openDialog(scenario: 'active' | 'grace' = 'active', config: object = PAYMENT_CONFIG) {
  const view = renderPortal(<PortalPage />, { scenario, handlers: { 'GET /checkout/payment_config': { body: config } } });
  fake = view.fake;
  await userEvent.click(await screen.findByRole('button', { name: T.changeCard }));
  return screen.getByRole('dialog', { name: D.title });
}

const frame = () => screen.getByTitle(CHECKOUT_TEXTS.cardFrameTitle) as HTMLIFrameElement;

/** A message from the hosted card fields (payments-sandbox/README.md "Hosted pages"). */
function frameSays(data: object, origin = FRAME_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, source: frame().contentWindow, data }));
  });
}

/** The card fields answer the next tokenize request with `answer` (a token or an error message). */
function fieldsAnswer(answer: { paymentMethod: string } | { message: string }) {
  const target = frame().contentWindow!;
  const post = jest.spyOn(target, 'postMessage').mockImplementation((message: unknown) => {
    const { type, requestId } = message as { type: string; requestId: string };
    if (type !== 'fable-sandbox:tokenize') return;
    setTimeout(() =>
      frameSays('paymentMethod' in answer ? { type: 'fable-sandbox:token', requestId, brand: 'mastercard', last4: '4444', ...answer } : { type: 'fable-sandbox:error', requestId, ...answer }),
    );
  });
  return post;
}

async function fillCard(dialog: HTMLElement) {
  await within(dialog).findByTitle(CHECKOUT_TEXTS.cardFrameTitle);
  frameSays({ type: 'fable-sandbox:ready' });
  frameSays({ type: 'fable-sandbox:change', complete: true, brand: 'mastercard', error: null });
}

it('frames the hosted card fields and saves only once they are ready and complete', async () => {
  const dialog = await openDialog();
  const save = () => within(dialog).getByRole('button', { name: D.save });
  expect(await within(dialog).findByTitle(CHECKOUT_TEXTS.cardFrameTitle)).toHaveAttribute('src', PAYMENT_CONFIG.card_fields_url);
  expect(save()).toBeDisabled();
  frameSays({ type: 'fable-sandbox:ready' });
  expect(save()).toBeDisabled();
  frameSays({ type: 'fable-sandbox:change', complete: false, brand: 'visa', error: 'Your card number is invalid.' });
  expect(within(dialog).getByText('Your card number is invalid.')).toBeInTheDocument();
  // Another origin's messages are not read.
  frameSays({ type: 'fable-sandbox:change', complete: true, brand: 'visa', error: null }, 'https://evil.example');
  expect(save()).toBeDisabled();
  frameSays({ type: 'fable-sandbox:change', complete: true, brand: 'visa', error: null });
  expect(save()).toBeEnabled();
});

it('sends change_card with the card fields’ token and shows the new card', async () => {
  const dialog = await openDialog();
  await fillCard(dialog);
  const post = fieldsAnswer({ paymentMethod: 'pm_card_mastercard' });
  await userEvent.click(within(dialog).getByRole('button', { name: D.save }));
  expect(await within(await screen.findByTestId('portal-payment-method')).findByText('Mastercard ending in 4444')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(post).toHaveBeenCalledWith(expect.objectContaining({ type: 'fable-sandbox:tokenize' }), FRAME_ORIGIN);
  expect(fake!.callsTo('PUT /subscriptions/sticky').map((c) => c.body)).toEqual([
    { action: 'change_card', order_id: 'order-mock-1', subscription_id: 'sub-mock-1', card_token: 'pm_card_mastercard' },
  ]);
});

it('keeps the dialog open with the server’s message when the card is declined', async () => {
  const dialog = await openDialog();
  await fillCard(dialog);
  fieldsAnswer({ paymentMethod: MOCK_DECLINED_CARD_TOKEN });
  await userEvent.click(within(dialog).getByRole('button', { name: D.save }));
  expect(await within(dialog).findByTestId('change-card-error')).toHaveTextContent('Your card was declined.');
  expect(within(screen.getByTestId('portal-payment-method')).getByText('Visa ending in 4242')).toBeInTheDocument();
});

/** The bank's challenge framed in the dialog says how it ended. */
function challengeSays(data: object) {
  const challenge = screen.getByTitle(CHECKOUT_TEXTS.threeDsFrameTitle) as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: FRAME_ORIGIN, source: challenge.contentWindow, data }));
  });
}

it('frames the bank’s challenge when the card asks for 3-D Secure, then saves the same card once it is passed', async () => {
  const dialog = await openDialog();
  await fillCard(dialog);
  fieldsAnswer({ paymentMethod: MOCK_AUTHENTICATE_CARD_TOKEN });
  await userEvent.click(within(dialog).getByRole('button', { name: D.save }));
  expect(await within(dialog).findByTitle(CHECKOUT_TEXTS.threeDsFrameTitle)).toHaveAttribute('src', MOCK_CHALLENGE_URL);
  expect(within(dialog).getByRole('status')).toHaveTextContent(D.challenge);
  expect(within(dialog).queryByTitle(CHECKOUT_TEXTS.cardFrameTitle)).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: D.save })).toBeDisabled();
  // A message from another frame or origin is not the bank's.
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: { status: 'success' } }));
  });
  expect(fake!.callsTo('PUT /subscriptions/sticky')).toHaveLength(1);

  challengeSays({ status: 'success' });
  expect(await within(await screen.findByTestId('portal-payment-method')).findByText('Visa ending in 3155')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(fake!.callsTo('PUT /subscriptions/sticky').map((c) => (c.body as { card_token: string }).card_token)).toEqual([MOCK_AUTHENTICATE_CARD_TOKEN, MOCK_AUTHENTICATE_CARD_TOKEN]);
});

it('shows the bank’s refusal when the challenge fails, and the card fields again for another card', async () => {
  const dialog = await openDialog();
  await fillCard(dialog);
  fieldsAnswer({ paymentMethod: MOCK_AUTHENTICATE_CARD_TOKEN });
  await userEvent.click(within(dialog).getByRole('button', { name: D.save }));
  await within(dialog).findByTitle(CHECKOUT_TEXTS.threeDsFrameTitle);
  challengeSays({ status: 'failure', error_message: 'The bank could not confirm this card.' });
  expect(await within(dialog).findByTestId('change-card-error')).toHaveTextContent('The bank could not confirm this card.');
  expect(await within(dialog).findByTitle(CHECKOUT_TEXTS.cardFrameTitle)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: D.save })).toBeDisabled();
  expect(fake!.callsTo('PUT /subscriptions/sticky')).toHaveLength(1);
  expect(within(screen.getByTestId('portal-payment-method')).getByText('Visa ending in 4242')).toBeInTheDocument();
});

it('shows the card fields’ own error when they give no token, and sends nothing', async () => {
  const dialog = await openDialog();
  await fillCard(dialog);
  fieldsAnswer({ message: 'Your card has expired.' });
  await userEvent.click(within(dialog).getByRole('button', { name: D.save }));
  expect(await within(dialog).findByTestId('change-card-error')).toHaveTextContent('Your card has expired.');
  expect(fake!.callsTo('PUT /subscriptions/sticky')).toHaveLength(0);
});

it('says so when the card fields are not configured', async () => {
  const dialog = await openDialog('active', { ...PAYMENT_CONFIG, card_fields_url: null, frame_origin: null });
  expect(await within(dialog).findByText(CHECKOUT_TEXTS.cardUnavailable)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: D.save })).toBeDisabled();
});
