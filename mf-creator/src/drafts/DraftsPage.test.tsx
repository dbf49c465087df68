import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, authenticationRequired, createStore, MemoryRouter, Route, Routes, selectSignInPrompt } from '@fable/shared';
import { emptyChatbot, type ChatbotValues } from '../chatbotForm/chatbotValues';
import { listDrafts, saveDraft, type ChatbotDraft } from '../chatbotForm/drafts';
import { location as currentLocation, renderCreator } from '../testing/renderCreator';
import { DraftsPage } from './DraftsPage';

beforeEach(() => window.localStorage.clear());

const draft = (id: string, values: Partial<ChatbotValues>, at: string, extra: Partial<ChatbotDraft> = {}, userId = 'u1') =>
  saveDraft({ id, values: { ...emptyChatbot(), ...values }, creator_user_id: userId, creator_username: 'ada', ...extra }, new Date(at));

const renderDrafts = (url = '/my-chatbots/drafts') => renderCreator(<DraftsPage />, { seed: { characters: [] }, path: ['/my-chatbots/drafts', '/chatbot/drafts'], url });

const cards = () => screen.queryAllByTestId('draft-card');
const cardNames = () => cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent);
const card = (name: string) => cards().find((c) => within(c).getByRole('heading', { level: 3 }).textContent === name)!;

it('lists the member’s drafts newest first, with avatar, name, title, visibility and when they were saved', () => {
  draft('draft-a', { name: 'Old Draft', title: 'First try', visibility: 'private' }, '2026-03-01T10:00:00.000Z');
  draft('draft-b', { name: 'New Draft', title: 'Second try', avatar_url: '/api/avatars/new.png', visibility: 'public' }, '2026-03-02T10:00:00.000Z');
  draft('draft-c', { name: 'Someone else’s' }, '2026-03-03T10:00:00.000Z', {}, 'u2');
  renderDrafts();
  expect(screen.getByRole('heading', { level: 1, name: 'Your Drafts' })).toBeInTheDocument();
  expect(cardNames()).toEqual(['New Draft', 'Old Draft']);
  const newer = card('New Draft');
  expect(within(newer).getByText('Second try')).toBeInTheDocument();
  expect(within(newer).getByText('Public')).toBeInTheDocument();
  expect(newer.querySelector('img')).toHaveAttribute('src', '/api/avatars/new.png');
  expect(newer.querySelector('time')).toHaveAttribute('dateTime', '2026-03-02T10:00:00.000Z');
  expect(within(newer).getByText(/^Saved/)).toBeInTheDocument();
  expect(newer).toHaveAttribute('data-variant', 'public');
  // No picture: initials instead.
  expect(card('Old Draft').querySelector('img')).toBeNull();
  expect(within(card('Old Draft')).getByText('OD')).toBeInTheDocument();
});

it('names a draft without a name by its title (the day’s date when it had none)', () => {
  draft('draft-a', { title: 'Only a title' }, '2026-03-01T10:00:00.000Z');
  const blank = draft('draft-b', {}, '2026-03-02T10:00:00.000Z');
  renderDrafts();
  expect(blank.values.title).not.toBe('');
  expect(cardNames()).toEqual([blank.values.title, 'Only a title']);
});

it('continues a draft in the create form, and a draft of a chatbot that needs fixes in its editor', async () => {
  draft('draft-a', { name: 'Fresh' }, '2026-03-01T10:00:00.000Z');
  draft('draft-b', { name: 'Fixing' }, '2026-03-02T10:00:00.000Z', {
    character_id: 'bot9',
    moderationReport: { moderation_status: 'fix_required', reason_for_moderation: [] },
  });
  renderDrafts();
  expect(within(card('Fresh')).getByRole('link', { name: 'Continue Fresh' })).toHaveAttribute('href', '/chatbot/create/draft-a');
  expect(within(card('Fresh')).getByRole('link', { name: 'Fresh' })).toHaveAttribute('href', '/chatbot/create/draft-a');
  expect(within(card('Fixing')).getByRole('link', { name: 'Continue Fixing' })).toHaveAttribute('href', '/chatbot/edit/bot9');
  expect(within(card('Fixing')).getByText('Action Required')).toBeInTheDocument();
  expect(within(card('Fresh')).queryByText('Action Required')).not.toBeInTheDocument();
  await userEvent.click(within(card('Fresh')).getByRole('link', { name: 'Continue Fresh' }));
  expect(currentLocation()).toBe('/chatbot/create/draft-a');
});

it('deletes a draft after a confirmation, and keeps it on Cancel', async () => {
  draft('draft-a', { name: 'Keep Me' }, '2026-03-01T10:00:00.000Z');
  draft('draft-b', { name: 'Drop Me' }, '2026-03-02T10:00:00.000Z');
  renderDrafts();
  await userEvent.click(within(card('Drop Me')).getByRole('button', { name: 'Delete Drop Me' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete draft' })).getByRole('button', { name: 'Cancel' }));
  expect(cardNames()).toEqual(['Drop Me', 'Keep Me']);

  await userEvent.click(within(card('Drop Me')).getByRole('button', { name: 'Delete Drop Me' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete draft' });
  expect(dialog).toHaveTextContent('Delete the draft "Drop Me"?');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(cardNames()).toEqual(['Keep Me']);
  expect(listDrafts('u1').map((d) => d.id)).toEqual(['draft-a']);
  expect(screen.getByRole('heading', { level: 1, name: 'Your Drafts' })).toHaveFocus();
});

it('shows drafts saved while it is open, in this tab or another', () => {
  renderDrafts();
  expect(cards()).toEqual([]);
  act(() => {
    draft('draft-a', { name: 'From This Tab' }, '2026-03-01T10:00:00.000Z');
  });
  expect(cardNames()).toEqual(['From This Tab']);
  act(() => {
    // Another tab wrote the drafts: only the storage event tells.
    const stored = JSON.parse(window.localStorage.getItem('fable.chatbotDrafts.u1') ?? '{}') as Record<string, ChatbotDraft>;
    stored['draft-b'] = { ...stored['draft-a']!, id: 'draft-b', values: { ...stored['draft-a']!.values, name: 'From Elsewhere' }, savedAt: '2026-03-05T10:00:00.000Z' };
    window.localStorage.setItem('fable.chatbotDrafts.u1', JSON.stringify(stored));
    window.dispatchEvent(new StorageEvent('storage', { key: 'fable.chatbotDrafts.u1' }));
  });
  expect(cardNames()).toEqual(['From Elsewhere', 'From This Tab']);
});

it('shows the empty state with a Create Chatbot button', async () => {
  renderDrafts('/chatbot/drafts');
  expect(screen.getByRole('heading', { name: 'No drafts yet' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
  expect(currentLocation()).toBe('/chatbot/create');
});

it('is a section of My Chatbots at either address', () => {
  draft('draft-a', { name: 'One' }, '2026-03-01T10:00:00.000Z');
  renderDrafts('/chatbot/drafts');
  const nav = screen.getByRole('navigation', { name: 'My Chatbots sections' });
  expect(within(nav).getByRole('link', { name: 'Drafts 1' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Chatbots' })).toHaveAttribute('href', '/my-chatbots');
});

it('asks a signed-out visitor to sign in, coming back here', async () => {
  const store = createStore();
  act(() => {
    store.dispatch(authenticationRequired());
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/chatbot/drafts']}>
        <Routes>
          <Route path="/chatbot/drafts" element={<DraftsPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.queryByTestId('draft-card')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(selectSignInPrompt(store.getState())).toEqual({ open: true, returnTo: '/chatbot/drafts' });
});
