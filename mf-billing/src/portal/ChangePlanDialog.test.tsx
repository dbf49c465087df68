import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiErrorBody, type MockApi } from '@fable/shared/testing';
import type { AvailablePlan } from '@fable/contracts';
import { formatPrice } from '../plans/plans';
import { PortalPage } from './PortalPage';
import { PORTAL_TEXTS as T } from './portalTexts';
import { renderPortal } from '../testing/renderPortal';

const D = T.changePlanDialog;

let fake: MockApi | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
});

async function openDialog(options?: Parameters<typeof renderPortal>[1]) {
  const view = renderPortal(<PortalPage />, options);
  fake = view.fake;
  await userEvent.click(await screen.findByRole('button', { name: T.changePlan }));
  return screen.getByRole('dialog', { name: D.title });
}

/** The plans the dialog lists: plan id, and whether it can be chosen. */
const listed = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('radio')
    .map((radio) => `${(radio as HTMLInputElement).value}${(radio as HTMLInputElement).disabled ? ' (current)' : ''}`);

/** The mock API's available plans, as the page read them. */
async function availablePlans(): Promise<AvailablePlan[]> {
  const answer = await fetch('/api/subscriptions/sticky', { headers: { authorization: `Bearer ${fake!.memberTokens.accessToken}` } });
  return ((await answer.json()) as { available_plans: AvailablePlan[] }[])[0]!.available_plans;
}

const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: D.confirm });

it('lets a monthly subscriber toggle monthly and annual; the current plan is listed but cannot be chosen', async () => {
  const dialog = await openDialog({ scenario: 'active' });
  expect(within(dialog).getByRole('button', { name: 'Pay Monthly' })).toHaveAttribute('aria-pressed', 'true');
  expect(listed(dialog)).toEqual(['basic_1m (current)', 'premium_1m']);
  expect(within(dialog).getByText(D.currentTag)).toBeInTheDocument();
  expect(confirmButton(dialog)).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('button', { name: /^Pay Annually/ }));
  expect(listed(dialog)).toEqual(['minimal_1y', 'basic_1y', 'premium_1y']);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Monthly' }));
  expect(listed(dialog)).toEqual(['basic_1m (current)', 'premium_1m']);
});

it('shows an upgrade’s prorated charge now plus taxes, changes the plan and reloads the portal', async () => {
  const dialog = await openDialog({ scenario: 'active' });
  const premium = (await availablePlans()).find((p) => p.plan_id === 'premium_1m')!;
  expect(premium.upgrade_price).toBeGreaterThan(0);
  await userEvent.click(within(dialog).getByRole('radio', { name: /I'm All In/ }));
  expect(within(dialog).getByTestId('change-plan-summary')).toHaveTextContent(D.prorated(formatPrice(premium.upgrade_price)));
  expect(within(dialog).getByText(/plus taxes/)).toBeInTheDocument();
  await userEvent.click(confirmButton(dialog));
  expect(await within(await screen.findByTestId('portal-current-plan')).findByText("I'm All In")).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(fake!.callsTo('PUT /subscriptions/sticky').map((c) => c.body)).toEqual([
    { action: 'change_plan', order_id: 'order-mock-1', subscription_id: 'sub-mock-1', plan_id: 'premium_1m' },
  ]);
});

it('shows only annual plans to a yearly subscriber; a plan at no charge now waits for the next billing cycle', async () => {
  const dialog = await openDialog({ scenario: 'yearly' });
  expect(within(dialog).queryByRole('button', { name: 'Pay Monthly' })).not.toBeInTheDocument();
  expect(within(dialog).getByText(D.annualOnly)).toBeInTheDocument();
  expect(listed(dialog)).toEqual(['minimal_1y', 'basic_1y', 'premium_1y (current)']);
  expect((await availablePlans()).find((p) => p.plan_id === 'basic_1y')!.upgrade_price).toBe(0);
  await userEvent.click(within(dialog).getByRole('radio', { name: /True Supporter/ }));
  expect(within(dialog).getByTestId('change-plan-summary')).toHaveTextContent(D.nextCycle);
  expect(within(dialog).queryByText(/plus taxes/)).not.toBeInTheDocument();
  await userEvent.click(confirmButton(dialog));
  // The current plan stays until the next charge date; the note names it.
  expect(await screen.findByText(T.nextPlanNote("I'm All In", 'True Supporter'))).toBeInTheDocument();
  expect(within(screen.getByTestId('portal-current-plan')).getByText("I'm All In")).toBeInTheDocument();
});

it('keeps the dialog open with the server’s message when the change fails', async () => {
  const dialog = await openDialog({
    scenario: 'active',
    handlers: { 'PUT /subscriptions/sticky': { status: 402, body: apiErrorBody('payment_failed', 'Your card was declined.') } },
  });
  await userEvent.click(within(dialog).getByRole('radio', { name: /I'm All In/ }));
  await userEvent.click(confirmButton(dialog));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
  expect(screen.getByRole('dialog', { name: D.title })).toBeInTheDocument();
  expect(within(screen.getByTestId('portal-current-plan')).getByText('True Supporter')).toBeInTheDocument();
});

it('is used with the keyboard: arrows move between the plans that can be chosen, Escape closes', async () => {
  const dialog = await openDialog({ scenario: 'yearly' });
  const radios = within(dialog).getAllByRole('radio');
  radios[0]!.focus();
  await userEvent.keyboard(' ');
  expect(radios[0]).toBeChecked();
  await userEvent.keyboard('{ArrowDown}');
  expect(radios[1]).toBeChecked();
  expect(within(dialog).getByTestId('change-plan-summary')).toHaveTextContent(D.nextCycle);
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: T.changePlan })).toHaveFocus();
});
