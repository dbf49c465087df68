import { act, screen, within } from '@testing-library/react';
import { emptyChatbot } from '../chatbotForm/chatbotValues';
import { saveDraft } from '../chatbotForm/drafts';
import { myChatbotsFilterChanged } from '../creatorSlice';
import { DraftsPage } from '../drafts/DraftsPage';
import { ownChatbot, renderCreator } from '../testing/renderCreator';
import { MyChatbotsPage } from './MyChatbotsPage';

const V1 = { my_chatbots_v2: false };
const BOTS = [
  ownChatbot({ id: 'old', name: 'Olde', visibility: 'public', createdAt: '2026-05-01T00:00:00.000Z' }),
  ownChatbot({ id: 'new', name: 'Newt', visibility: 'private', createdAt: '2026-05-09T00:00:00.000Z' }),
  ownChatbot({ id: 'fix', name: 'Fixer', visibility: 'public', createdAt: '2026-05-02T00:00:00.000Z', moderationReport: { moderation_status: 'fix_required', reason_for_moderation: ['links'] } }),
];

beforeEach(() => {
  window.localStorage.clear();
  saveDraft({ id: 'draft-1', values: { ...emptyChatbot(), name: 'Half done' }, creator_user_id: 'u1', creator_username: 'ada' });
});

const renderMine = (flags?: typeof V1) => renderCreator(<MyChatbotsPage />, { seed: { characters: BOTS }, path: '/my-chatbots', url: '/my-chatbots', flags });
const cardNames = () => screen.getAllByTestId('my-chatbot-card').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const sections = () => screen.getByRole('navigation', { name: 'My Chatbots sections' });

it("shows the search, filter, sort, count and the Drafts tile where the application's my_chatbots_v2 flag is on", async () => {
  renderMine();
  expect(await screen.findByText('3 chatbot(s) found')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search your chatbots' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Filter' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
  expect(within(sections()).getByRole('link', { name: 'Drafts 1' })).toHaveAttribute('href', '/my-chatbots/drafts');
});

describe("where the application's my_chatbots_v2 flag is off (My Chatbots v1)", () => {
  it('shows the grid alone: every chatbot, those needing attention first, then newest first, whatever filter was kept', async () => {
    const { store } = renderMine(V1);
    act(() => {
      store.dispatch(myChatbotsFilterChanged('Public'));
    });
    expect(await screen.findAllByTestId('my-chatbot-card')).toHaveLength(3);
    expect(cardNames()).toEqual(['Fixer', 'Newt', 'Olde']);
    expect(screen.queryByRole('searchbox', { name: 'Search your chatbots' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    expect(screen.queryByText(/chatbot\(s\) found/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Chatbot' })).toHaveAttribute('href', '/chatbot/create');
  });

  it('has no Drafts tile among its sections, but the drafts page still works at its address', async () => {
    const first = renderMine(V1);
    await screen.findAllByTestId('my-chatbot-card');
    expect(within(sections()).getByRole('link', { name: 'Chatbots' })).toBeInTheDocument();
    expect(within(sections()).queryByRole('link', { name: /^Drafts/ })).not.toBeInTheDocument();
    first.unmount();
    renderCreator(<DraftsPage />, { path: '/my-chatbots/drafts', url: '/my-chatbots/drafts', flags: V1 });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Drafts' })).toBeInTheDocument();
    expect(within(sections()).getByRole('link', { name: 'Drafts 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Half done' })).toBeInTheDocument();
  });
});
