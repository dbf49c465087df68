import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsFor, type Permission } from '@fable/contracts';
import { deploymentLoaded } from '@fable/shared';
import { deploymentFixture } from '@fable/shared/testing';
import { emptyChatbot } from '../chatbotForm/chatbotValues';
import { saveDraft } from '../chatbotForm/drafts';
import { location, renderCreator, toasts } from '../testing/renderCreator';
import { createGroup, mine, withStatus } from './groupChatTesting';
import { MyGroupChatsPage } from './MyGroupChatsPage';

beforeEach(() => window.localStorage.clear());

const plain = Array.from({ length: 7 }, (_, i) => mine(`m${i}`, `Member ${i}`));
const CHATBOTS = [
  ...plain,
  mine('pender', 'Pender', withStatus('pending')),
  mine('fixer', 'Fixer', withStatus('fix_required')),
  mine('manny', 'Manny', withStatus('manual_review_required')),
];

/** The tab with the member's groups, made through the mock API (newest last: the list shows it first). */
async function renderTab({ groups = true, permissions }: { groups?: boolean; permissions?: Permission[] } = {}) {
  const result = renderCreator(<MyGroupChatsPage />, { url: '/elsewhere', path: '/my-chatbots/groupchats', seed: { characters: CHATBOTS }, permissions });
  if (groups) {
    await createGroup(result.fake, { name: 'Vault', sub_character_ids: ['manny', 'm2'] });
    await createGroup(result.fake, { name: 'Raiders', sub_character_ids: ['m1', 'fixer'] });
    await createGroup(result.fake, { name: 'Council', sub_character_ids: ['pender', 'm0'] });
    await createGroup(result.fake, { name: 'Tavern', title: 'Drinks and tales', visibility: 'public', sub_character_ids: plain.map((b) => b.id) });
  }
  await act(async () => {
    await result.router.navigate('/my-chatbots/groupchats');
  });
  return result;
}

const cards = () => screen.getAllByTestId('groupchat-card');
const card = (name: string) => cards().find((c) => within(c).getByRole('heading', { level: 3 }).textContent === name)!;
const status = (name: string) => within(within(card(name)).getByRole('list', { name: 'Status' })).getByRole('listitem').textContent;

it('lists the groups, a member that needs fixes first, then under review, then the rest, each with one status', async () => {
  const { fake } = await renderTab();
  expect(await screen.findByText('4 groupchat(s) found')).toBeInTheDocument();
  expect(cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Raiders', 'Council', 'Tavern', 'Vault']);
  expect(fake.callsTo('GET /users/characters')[0]?.query).toEqual({ type: 'group' });
  expect(status('Raiders')).toBe('Action Required');
  expect(status('Council')).toBe('Under Review');
  expect(status('Tavern')).toBe('Public');
  expect(status('Vault')).toBe('Under Manual Review');
  expect(screen.getByRole('heading', { level: 1, name: 'My Chatbots' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Groupchats' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Create Groupchat' })).toHaveAttribute('href', '/groupchat/create');
});

it('stacks the members\' avatars, five and "+n", and names them', async () => {
  await renderTab();
  await screen.findByText('4 groupchat(s) found');
  const stack = within(card('Tavern')).getByRole('list', { name: /^Members:/ });
  expect(stack).toHaveAccessibleName('Members: Member 0, Member 1, Member 2, Member 3, Member 4, Member 5, Member 6');
  expect(within(stack).getAllByRole('img')).toHaveLength(5);
  expect(stack).toHaveTextContent('+2');
  expect(within(card('Tavern')).getByText('7 chatbots')).toBeInTheDocument();
});

it('opens the chat from a card, the edit form from one that needs fixes; a card under manual review opens nothing', async () => {
  await renderTab();
  await screen.findByText('4 groupchat(s) found');
  expect(within(card('Tavern')).getByRole('link', { name: 'Tavern' })).toHaveAttribute('href', '/chat/group-new-4');
  expect(within(card('Tavern')).getByRole('link', { name: 'Chat Tavern' })).toHaveAttribute('href', '/chat/group-new-4');
  expect(within(card('Tavern')).getByRole('link', { name: 'Edit Tavern' })).toHaveAttribute('href', '/groupchat/edit/group-new-4');
  expect(within(card('Raiders')).getByRole('link', { name: 'Raiders' })).toHaveAttribute('href', '/groupchat/edit/group-new-2');
  expect(within(card('Vault')).queryAllByRole('link')).toHaveLength(0);
  expect(card('Vault')).toHaveAttribute('data-disabled', 'true');
  await userEvent.click(within(card('Tavern')).getByRole('link', { name: 'Edit Tavern' }));
  expect(location()).toBe('/groupchat/edit/group-new-4');
});

it('shows the Drafts tile with the number of chatbot drafts', async () => {
  saveDraft({ id: 'd1', values: emptyChatbot(), creator_user_id: 'u1', creator_username: 'ada' });
  await renderTab();
  const tile = await screen.findByTestId('drafts-tile');
  expect(within(tile).getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/my-chatbots/drafts');
  expect(tile).toHaveTextContent('1 chatbot draft to finish');
});

it('deletes a group after a confirmation, and the card goes', async () => {
  const { fake, store } = await renderTab();
  await screen.findByText('4 groupchat(s) found');
  await userEvent.click(within(card('Council')).getByRole('button', { name: 'Delete Council' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByRole('heading', { name: 'Delete groupchat' })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Council' })).not.toBeInTheDocument());
  expect(fake.callsTo('DELETE /characters/group-new-3')).toHaveLength(1);
  expect(toasts(store)).toContainEqual({ type: 'success', message: 'Groupchat deleted' });
  expect(screen.getByRole('heading', { level: 1, name: 'My Chatbots' })).toHaveFocus();
});

it('shows the "Restricted!" modal to a member who may not delete', async () => {
  const { fake } = await renderTab({ permissions: permissionsFor('free').filter((p) => p !== 'delete_character') });
  await screen.findByText('4 groupchat(s) found');
  await userEvent.click(within(card('Council')).getByRole('button', { name: 'Delete Council' }));
  expect(await screen.findByRole('heading', { name: 'Restricted!' })).toBeInTheDocument();
  expect(fake.callsTo('DELETE /characters/group-new-3')).toHaveLength(0);
});

it('says there are none yet, with Create Groupchat', async () => {
  await renderTab({ groups: false });
  expect(await screen.findByText('No Results Found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create Groupchat' })).toHaveAttribute('href', '/groupchat/create');
  expect(screen.queryByTestId('drafts-tile')).not.toBeInTheDocument();
});

it('shows a loader, then says when the list could not be loaded, and tries again', async () => {
  let fail = true;
  renderCreator(<MyGroupChatsPage />, {
    url: '/my-chatbots/groupchats',
    path: '/my-chatbots/groupchats',
    handlers: { 'GET /users/characters': () => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'boom' } } } : { body: { data: [] } }) },
  });
  expect(screen.getByRole('status', { name: 'Loading your groupchats' })).toBeInTheDocument();
  expect(await screen.findByText('Your groupchats could not be loaded.')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No Results Found')).toBeInTheDocument();
});

it('is the 404 page where the deployment turns group chats off', async () => {
  const { store } = await renderTab();
  act(() => void store.dispatch(deploymentLoaded(deploymentFixture({ flags: {} }))));
  expect(await screen.findByTestId('not-found')).toBeInTheDocument();
});

it('asks a guest to sign in', async () => {
  renderCreator(<MyGroupChatsPage />, { guest: true, url: '/my-chatbots/groupchats', path: '/my-chatbots/groupchats' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to see your groupchats' })).toBeInTheDocument();
});
