import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsFor } from '@fable/contracts';
import { AppProviders, authenticationRequired, becameGuest, createStore, MemoryRouter, Route, Routes, selectNotifications } from '@fable/shared';
import { apiErrorBody } from '@fable/shared/testing';
import { emptyChatbot } from '../chatbotForm/chatbotValues';
import { saveDraft } from '../chatbotForm/drafts';
import { MyChatbotsPage } from './MyChatbotsPage';
import { location as currentLocation, ownChatbot, renderCreator } from '../testing/renderCreator';
import type { CharacterProfile, Permission } from '@fable/contracts';
import type { FakeHandler } from '@fable/shared/testing';

beforeEach(() => window.localStorage.clear());

function renderGuestPage(setup: (store: ReturnType<typeof createStore>) => void) {
  const store = createStore();
  act(() => setup(store));
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/my-chatbots']}>
        <Routes>
          <Route path="/my-chatbots" element={<MyChatbotsPage />} />
          <Route path="/signup" element={<p>signup page</p>} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('signed out', () => {
  it('shows a loader while the session loads', () => {
    renderGuestPage(() => undefined);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the marketing page to anonymous users', async () => {
    renderGuestPage((store) => store.dispatch(authenticationRequired()));
    expect(screen.getByRole('heading', { level: 1, name: 'All Your Chatbots in One Place' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Create Free Account' }));
    expect(screen.getByText('signup page')).toBeInTheDocument();
  });

  it('shows the marketing page to guests too, without asking for their chatbots', async () => {
    renderGuestPage((store) => store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] })));
    expect(screen.getByText('All Your Chatbots in One Place')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'My Chatbots' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Explore Chatbots' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});

// Newest first by creation: plain, fix, pending, rereview, manual, then the older plain ones.
const BOTS = [
  ownChatbot({ id: 'plain-new', name: 'Aria', visibility: 'public', createdAt: '2026-05-09T00:00:00.000Z', rating_score: 0.5, num_messages: 10 }),
  ownChatbot({
    id: 'fix',
    name: 'Fixer',
    visibility: 'public',
    createdAt: '2026-05-01T00:00:00.000Z',
    moderationReport: { moderation_status: 'fix_required', reason_for_moderation: ['links'], action_taken_description: 'Remove the link from the greeting.' },
  }),
  ownChatbot({ id: 'pending', name: 'Pender', visibility: 'public', createdAt: '2026-05-07T00:00:00.000Z', moderationReport: { moderation_status: 'pending', reason_for_moderation: [] } }),
  ownChatbot({ id: 'rereview', name: 'Redo', visibility: 'hidden', createdAt: '2026-05-06T00:00:00.000Z', moderationReport: { moderation_status: 'rereview_required', reason_for_moderation: [] } }),
  ownChatbot({ id: 'manual', name: 'Manny', visibility: 'private', createdAt: '2026-05-08T00:00:00.000Z', rating_score: 0.1, moderationReport: { moderation_status: 'manual_review_required', reason_for_moderation: [] } }),
  ownChatbot({ id: 'plain-mid', name: 'Zed', visibility: 'private', createdAt: '2026-05-05T00:00:00.000Z', rating_score: 0.9, num_messages: 3 }),
  ownChatbot({ id: 'plain-old', name: 'Bram', title: 'Keeper of the rain archive', visibility: 'hidden', createdAt: '2026-05-02T00:00:00.000Z', rating_score: null }),
  ownChatbot({ id: 'forever', name: 'Cora', visibility: 'permanently_private', createdAt: '2026-05-03T00:00:00.000Z', rating_score: 0.7 }),
];

function renderMine({ characters = BOTS, overrides, permissions }: { characters?: CharacterProfile[]; overrides?: Record<string, FakeHandler>; permissions?: Permission[] } = {}) {
  return renderCreator(<MyChatbotsPage />, { seed: { characters }, handlers: overrides, permissions, path: '/my-chatbots', url: '/my-chatbots' });
}

const cardNames = () => screen.getAllByTestId('my-chatbot-card').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const card = (name: string) => screen.getAllByTestId('my-chatbot-card').find((c) => within(c).getByRole('heading', { level: 3 }).textContent === name)!;
const filterBox = () => screen.getByRole('combobox', { name: 'Filter' });
const sortBox = () => screen.getByRole('combobox', { name: 'Sort by' });

describe('the list', () => {
  it('shows Action Required first, then Under Review, then the rest, newest first, with the count', async () => {
    const { fake } = renderMine();
    expect(await screen.findByText('8 chatbot(s) found')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Fixer', 'Pender', 'Redo', 'Aria', 'Manny', 'Zed', 'Cora', 'Bram']);
    expect(screen.getByRole('list', { name: 'Your chatbots' })).toBeInTheDocument();
    expect(fake.callsTo('GET /users/characters')[0]?.query).toEqual({ switch: 'T1' });
  });

  it('labels each card with its visibility and moderation state', async () => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    const labels = (name: string) => within(within(card(name)).getByRole('list', { name: 'Status' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(labels('Fixer')).toEqual(['Public', 'Action Required']);
    expect(labels('Pender')).toEqual(['Public', 'Under Review']);
    expect(labels('Redo')).toEqual(['Unlisted', 'Under Review']);
    expect(labels('Manny')).toEqual(['Private', 'Under Manual Review']);
    expect(labels('Aria')).toEqual(['Public']);
    expect(labels('Cora')).toEqual(['Private']);
    expect(card('Aria')).toHaveAttribute('data-variant', 'public');
    expect(card('Cora')).toHaveAttribute('data-variant', 'private');
    expect(card('Bram')).toHaveAttribute('data-variant', 'unlisted');
    expect(within(card('Fixer')).getByText(/Remove the link from the greeting\./)).toBeInTheDocument();
  });

  it('opens the chat from a card, the editor from a card that needs fixes, and Chat and Edit go where they say', async () => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    expect(within(card('Aria')).getByRole('link', { name: 'Aria' })).toHaveAttribute('href', '/chat/plain-new');
    expect(within(card('Fixer')).getByRole('link', { name: 'Fixer' })).toHaveAttribute('href', '/chatbot/edit/fix');
    expect(within(card('Aria')).getByRole('link', { name: 'Chat Aria' })).toHaveAttribute('href', '/chat/plain-new');
    expect(within(card('Aria')).getByRole('link', { name: 'Edit Aria' })).toHaveAttribute('href', '/chatbot/edit/plain-new');
    expect(within(card('Fixer')).getByRole('link', { name: 'Chat Fixer' })).toHaveAttribute('href', '/chat/fix');
    await userEvent.click(within(card('Fixer')).getByRole('link', { name: 'Fixer' }));
    expect(currentLocation()).toBe('/chatbot/edit/fix');
  });

  it('greys a card under manual review: nothing on it opens, it can still be deleted', async () => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    const manny = card('Manny');
    expect(manny).toHaveAttribute('data-disabled', 'true');
    expect(within(manny).queryAllByRole('link')).toEqual([]);
    expect(within(manny).getByRole('button', { name: 'Delete Manny' })).toBeEnabled();
    expect(card('Pender')).not.toHaveAttribute('data-disabled');
  });

  it.each([
    ['All', ['Fixer', 'Pender', 'Redo', 'Aria', 'Manny', 'Zed', 'Cora', 'Bram']],
    ['Public', ['Fixer', 'Pender', 'Aria']],
    ['Private', ['Manny', 'Zed', 'Cora']],
    ['Unlisted', ['Redo', 'Bram']],
    ['Under Review', ['Pender', 'Redo', 'Manny']],
    ['Action Required', ['Fixer']],
  ])('filters %s', async (filter, names) => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    if (filter !== 'All') await userEvent.selectOptions(filterBox(), 'Action Required');
    await userEvent.selectOptions(filterBox(), filter);
    expect(cardNames()).toEqual(names);
    expect(screen.getByText(`${names.length} chatbot(s) found`)).toBeInTheDocument();
  });

  it('offers the filters and sorts of the spec', async () => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    const options = (box: HTMLElement) => within(box).getAllByRole('option').map((o) => o.textContent);
    expect(options(filterBox())).toEqual(['All', 'Public', 'Private', 'Unlisted', 'Under Review', 'Action Required']);
    expect(options(sortBox())).toEqual(['Latest', 'Oldest', 'Top Rated', 'Name']);
    expect(sortBox()).toHaveValue('Latest');
  });

  it.each([
    ['Latest', ['Aria', 'Manny', 'Zed', 'Cora', 'Bram']],
    ['Oldest', ['Bram', 'Cora', 'Zed', 'Manny', 'Aria']],
    ['Top Rated', ['Zed', 'Cora', 'Aria', 'Manny', 'Bram']],
    ['Name', ['Aria', 'Bram', 'Cora', 'Manny', 'Zed']],
  ])('sorts by %s after the chatbots that need attention', async (sort, rest) => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    await userEvent.selectOptions(sortBox(), sort);
    const [first, ...others] = cardNames();
    expect(first).toBe('Fixer');
    // Under Review keeps its place after Action Required, in the same sort.
    expect(others.slice(0, 2).sort()).toEqual(['Pender', 'Redo']);
    expect(others.slice(2)).toEqual(rest);
  });

  it('sorts Under Review chatbots among themselves too', async () => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    await userEvent.selectOptions(sortBox(), 'Oldest');
    expect(cardNames().slice(1, 3)).toEqual(['Redo', 'Pender']);
    await userEvent.selectOptions(sortBox(), 'Name');
    expect(cardNames().slice(1, 3)).toEqual(['Pender', 'Redo']);
  });

  it('keeps the filter and sort when the page comes back', async () => {
    const { store, unmount } = renderMine();
    await screen.findByText('8 chatbot(s) found');
    await userEvent.selectOptions(filterBox(), 'Private');
    await userEvent.selectOptions(sortBox(), 'Name');
    unmount();
    expect(store.getState().creator?.myChatbots).toEqual({ filter: 'Private', sort: 'Name' });
  });

  it('searches names and titles 300 ms after typing stops', async () => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    const search = screen.getByRole('searchbox', { name: 'Search your chatbots' });
    expect(search).toHaveAttribute('placeholder', 'Search your chatbots...');
    await userEvent.type(search, 'RAIN');
    // Not yet: the search waits for typing to stop.
    expect(screen.getByText('8 chatbot(s) found')).toBeInTheDocument();
    expect(await screen.findByText('1 chatbot(s) found')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Bram']);
    await userEvent.clear(search);
    await userEvent.type(search, 'zz-nothing');
    expect(await screen.findByText('0 chatbot(s) found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.getByText('Try clearing your filters or use another keyword')).toBeInTheDocument();
  });

  it('searches within the filter', async () => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    await userEvent.selectOptions(filterBox(), 'Public');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your chatbots' }), 'er');
    await waitFor(() => expect(cardNames()).toEqual(['Fixer', 'Pender']));
  });

  it('shows a member without chatbots the empty state with a create button', async () => {
    renderMine({ characters: [] });
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(currentLocation()).toBe('/chatbot/create');
  });

  it('offers Create Chatbot in the header and a Drafts link', async () => {
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    expect(screen.getByRole('link', { name: 'Create Chatbot' })).toHaveAttribute('href', '/chatbot/create');
    const nav = screen.getByRole('navigation', { name: 'My Chatbots sections' });
    expect(within(nav).getByRole('link', { name: 'Chatbots' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/my-chatbots/drafts');
    expect(within(nav).getByRole('link', { name: 'Lorebooks' })).toHaveAttribute('href', '/my-chatbots/lorebooks');
  });

  it('counts the member’s drafts on the Drafts link', async () => {
    saveDraft({ id: 'draft-1', values: emptyChatbot(), creator_user_id: 'u1', creator_username: 'ada' });
    saveDraft({ id: 'draft-2', values: emptyChatbot(), creator_user_id: 'u1', creator_username: 'ada' });
    saveDraft({ id: 'draft-3', values: emptyChatbot(), creator_user_id: 'u2', creator_username: 'bo' });
    renderMine();
    await screen.findByText('8 chatbot(s) found');
    await userEvent.click(screen.getByRole('link', { name: 'Drafts 2' }));
    expect(currentLocation()).toBe('/my-chatbots/drafts');
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    const { fake } = renderMine({ overrides: { 'GET /users/characters': { status: 500, body: apiErrorBody('internal', 'boom') } } });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    fake.override({ 'GET /users/characters': { status: 200, body: { data: [] } } });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
  });
});

describe('deleting', () => {
  const notifications = (store: { getState: () => unknown }) =>
    selectNotifications(store.getState() as Parameters<typeof selectNotifications>[0]).map((n) => ({ type: n.type, message: n.message }));

  it('confirms, deletes, says so and refreshes the list', async () => {
    const { fake, store } = renderMine();
    await screen.findByText('8 chatbot(s) found');
    await userEvent.click(within(card('Zed')).getByRole('button', { name: 'Delete Zed' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete chatbot' });
    expect(dialog).toHaveTextContent('Delete "Zed"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsTo('DELETE /characters/plain-mid')).toHaveLength(1);
    expect(notifications(store)).toEqual([{ type: 'success', message: 'Chatbot deleted successfully' }]);
    expect(await screen.findByText('7 chatbot(s) found')).toBeInTheDocument();
    expect(cardNames()).not.toContain('Zed');
    await waitFor(() => expect(fake.callsTo('GET /users/characters')).toHaveLength(2));
    expect(fake.db.characters.has('plain-mid')).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'My Chatbots' })).toHaveFocus();
  });

  it('deletes nothing on Cancel', async () => {
    const { fake } = renderMine();
    await screen.findByText('8 chatbot(s) found');
    await userEvent.click(within(card('Zed')).getByRole('button', { name: 'Delete Zed' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo('DELETE /characters/plain-mid')).toHaveLength(0);
    expect(cardNames()).toContain('Zed');
  });

  it('says so when the delete fails and keeps the chatbot', async () => {
    const { store } = renderMine({ overrides: { 'DELETE /characters/plain-mid': { status: 500, body: apiErrorBody('internal', 'boom') } } });
    await screen.findByText('8 chatbot(s) found');
    await userEvent.click(within(card('Zed')).getByRole('button', { name: 'Delete Zed' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notifications(store)).toEqual([{ type: 'error', message: 'Failed to delete chatbot. Please try again.' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cardNames()).toContain('Zed');
    expect(screen.getByText('8 chatbot(s) found')).toBeInTheDocument();
  });

  it('shows the Restricted! modal with a contact-us link when the API refuses (restricted)', async () => {
    const { store } = renderMine({ overrides: { 'DELETE /characters/plain-mid': { status: 403, body: apiErrorBody('restricted', 'Restricted!') } } });
    await screen.findByText('8 chatbot(s) found');
    await userEvent.click(within(card('Zed')).getByRole('button', { name: 'Delete Zed' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const restricted = await screen.findByRole('dialog', { name: 'Restricted!' });
    expect(within(restricted).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', 'mailto:support@fable.example');
    expect(screen.queryByRole('dialog', { name: 'Delete chatbot' })).not.toBeInTheDocument();
    expect(notifications(store)).toEqual([]);
    await userEvent.click(within(restricted).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cardNames()).toContain('Zed');
  });

  it('shows the Restricted! modal at once, without asking the API, to a member without delete_character', async () => {
    const { fake } = renderMine({ permissions: permissionsFor('free').filter((p) => p !== 'delete_character') });
    await screen.findByText('8 chatbot(s) found');
    await userEvent.click(within(card('Zed')).getByRole('button', { name: 'Delete Zed' }));
    expect(screen.getByRole('dialog', { name: 'Restricted!' })).toHaveTextContent('contact us');
    expect(screen.queryByRole('dialog', { name: 'Delete chatbot' })).not.toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});
