import { act, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { OnFile } from '@fable/contracts';
import { sessionFromUser, signedIn, tokensReceived } from '@fable/shared';
import { checkoutMockState } from '@fable/mocks';
import { apiUserFixture, deploymentFixture, mockApi, renderRoute, storeWith, type FakeHandler } from '@fable/shared/testing';
import { CheckoutPage } from '../checkout/CheckoutPage';

/** Test helpers of the checkout: a signed-in member, the mock API, and a stand-in for the hosted card fields' frame. */
export const SANDBOX_ORIGIN = 'http://sandbox.test';

const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length) restores.pop()?.();
});

export function renderCheckout(url = '/checkout', setup: { handlers?: Record<string, FakeHandler>; onFile?: OnFile; sandbox?: boolean } = {}) {
  if (setup.sandbox !== false) window.localStorage.setItem('fable.mock.paymentsSandboxUrl', SANDBOX_ORIGIN);
  const member = apiUserFixture();
  const fake = mockApi({ seed: { member }, overrides: setup.handlers });
  restores.push(fake.restore);
  if (setup.onFile) checkoutMockState(fake.db).onFile.set(member.id, setup.onFile);
  const store = storeWith(deploymentFixture());
  store.dispatch(tokensReceived(fake.memberTokens));
  store.dispatch(signedIn(sessionFromUser(member)));
  const result = renderRoute(<CheckoutPage />, { path: '/checkout', url, store });
  return { ...result, fake, mock: checkoutMockState(fake.db), member };
}

export const location = (): string => screen.getByTestId('location').textContent ?? '';

export const cardFrame = () => screen.getByTitle('Card number, expiry and CVC') as HTMLIFrameElement;

/** A window message as the frame (or anyone else: `origin`, `source`) would post it. */
export function post(data: unknown, { origin = SANDBOX_ORIGIN, source }: { origin?: string; source?: Window | null } = {}) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source ?? null }));
  });
}

/**
 * The card fields say ready and complete; a tokenize request is answered with `token` (its requests counted).
 * jsdom does not load the sandbox's page, so its window's postMessage stands in for it.
 */
export async function completeCard(token = 'pm_card_visa') {
  const frame = await screen.findByTitle('Card number, expiry and CVC');
  const source = (frame as HTMLIFrameElement).contentWindow!;
  const requests: string[] = [];
  jest.spyOn(source, 'postMessage').mockImplementation(((message: { type: string; requestId: string }, targetOrigin: string) => {
    if (message.type !== 'fable-sandbox:tokenize' || targetOrigin !== SANDBOX_ORIGIN) return;
    requests.push(message.requestId);
    setTimeout(() => post({ type: 'fable-sandbox:token', requestId: message.requestId, paymentMethod: token, brand: 'visa', last4: '4242' }, { source }), 0);
  }) as typeof source.postMessage);
  post({ type: 'fable-sandbox:ready' }, { source });
  post({ type: 'fable-sandbox:change', complete: true, brand: 'visa', error: null }, { source });
  return { requests };
}

type User = ReturnType<typeof userEvent.setup>;

/** Fills the personal information with a valid US address (California, 94105). */
export async function fillPersonalInfo(user: User, { email = 'ada@example.com', country = 'US', state = 'CA', postal = '94105' } = {}) {
  const emailBox = await screen.findByLabelText('Email');
  await user.clear(emailBox);
  await user.type(emailBox, email);
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.selectOptions(screen.getByLabelText('Country'), country);
  if (state) {
    const stateBox = await screen.findByRole('combobox', { name: /State|Province/ });
    await waitFor(() => expect(stateBox.querySelectorAll('option').length).toBeGreaterThan(1));
    await user.selectOptions(stateBox, state);
  }
  await user.type(screen.getByLabelText(/Zip|Postal Code/), postal);
}

export const submitButton = () => screen.getByRole('button', { name: /^(Subscribe|Continue to payment|Processing…)$/ });
export const terms = () => screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' });

/** Waits until the price of the current details has been calculated (the total shows a figure with tax). */
export async function priceCalculated() {
  await waitFor(() => expect(screen.queryByText('Calculating the price…')).not.toBeInTheDocument(), { timeout: 3000 });
  await waitFor(() => expect(screen.getByText('Subtotal')).toBeInTheDocument(), { timeout: 3000 });
}

/**
 * Pays with a method other than the card up to the provider's page: the method picked (no card fields then), valid
 * details, the price calculated, the terms ticked, then Continue to payment.
 */
export async function continueWithProvider(user: User, methodLabel: string) {
  await user.click(await screen.findByRole('radio', { name: methodLabel }));
  expect(screen.queryByTitle('Card number, expiry and CVC')).not.toBeInTheDocument();
  await fillPersonalInfo(user);
  await priceCalculated();
  await user.click(terms());
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
}
