import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsFor } from '@fable/contracts';
import { ownChatbot, renderCreator, toasts } from '../testing/renderCreator';
import { ModerationPage } from './ModerationPage';

const admin = { roles: ['free_tier' as const, 'employee' as const], permissions: permissionsFor('free', ['employee']) };
const waiting = [
  ownChatbot({ id: 'p1', name: 'Pending Pia', visibility: 'public', greeting: 'Hi there, friend.', moderationReport: { moderation_status: 'pending', reason_for_moderation: [] } }),
  ownChatbot({ id: 'p2', name: 'Pending Pete', visibility: 'public', moderationReport: { moderation_status: 'pending', reason_for_moderation: [] } }),
  ownChatbot({ id: 'm1', name: 'Manual Max', visibility: 'public', moderationReport: { moderation_status: 'manual_review_required', reason_for_moderation: [] } }),
  ownChatbot({ id: 'ok', name: 'Listed Lia', visibility: 'public' }),
];

const render = (url = '/admin/moderation') =>
  renderCreator(<ModerationPage />, { member: admin, seed: { characters: waiting }, url, path: '/admin/moderation' });
const item = (name: string) => screen.getByRole('article', { name });

it('lists the pending queue, and the manual-review queue on its tab (kept in the URL)', async () => {
  render();
  expect(await screen.findByRole('article', { name: 'Pending Pia' })).toBeInTheDocument();
  expect(screen.getAllByTestId('moderation-item')).toHaveLength(2);
  expect(screen.getByText('2 waiting')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Manual review' }));
  expect(await screen.findByRole('article', { name: 'Manual Max' })).toBeInTheDocument();
  expect(screen.queryByRole('article', { name: 'Pending Pia' })).not.toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/moderation?status=manual_review_required');
});

it('approves a chatbot: it leaves the queue, the toast says so, and the history records who did it', async () => {
  const { fake, store } = render();
  await userEvent.click(within(await screen.findByRole('article', { name: 'Pending Pia' })).getByRole('button', { name: 'Approve' }));
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Pending Pia' })).not.toBeInTheDocument());
  expect(toasts(store)).toContainEqual({ type: 'success', message: 'Approved: Pending Pia' });
  expect(fake.db.characters.get('p1')?.moderationReport?.moderation_status).toBe('closed');
  expect(fake.callsTo('POST /admin/moderation/characters/p1/decision')[0]!.body).toEqual({ decision: 'approve', reason_for_moderation: [] });
});

it('requires fixes with at least one reason, which the creator will see', async () => {
  const { fake } = render();
  await userEvent.click(within(await screen.findByRole('article', { name: 'Pending Pete' })).getByRole('button', { name: 'Require Fixes' }));
  const dialog = screen.getByRole('dialog', { name: 'Require fixes: Pending Pete' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send to the creator' }));
  expect(within(dialog).getByText('Give at least one reason for the fixes')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reasons (one per line)' }), 'Links in the greeting{Enter}Title too vague');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note to the creator' }), 'Unlisted until fixed');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send to the creator' }));
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Pending Pete' })).not.toBeInTheDocument());
  expect(fake.db.characters.get('p2')?.moderationReport).toMatchObject({
    moderation_status: 'fix_required',
    reason_for_moderation: ['Links in the greeting', 'Title too vague'],
    action_taken_description: 'Unlisted until fixed',
  });
});

it('shows the definition and the audit trail of a chatbot', async () => {
  const { fake } = render('/admin/moderation?status=manual_review_required');
  await userEvent.click(within(await screen.findByRole('article', { name: 'Manual Max' })).getByText('History'));
  expect(await within(item('Manual Max')).findByText('No decisions yet.')).toBeInTheDocument();
  expect(fake.callsTo('GET /admin/moderation/characters/m1/audit')).toHaveLength(1);
});

it('says when nothing is waiting', async () => {
  renderCreator(<ModerationPage />, { member: admin, seed: { characters: [] }, url: '/admin/moderation', path: '/admin/moderation' });
  expect(await screen.findByText('Nothing is waiting here.')).toBeInTheDocument();
});
