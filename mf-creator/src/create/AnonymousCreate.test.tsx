import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHARACTER_MESSAGES as M } from '@fable/contracts';
import { selectSignInPrompt } from '@fable/shared';
import { emptyChatbot } from '../chatbotForm/chatbotValues';
import { getDraft, GUEST_DRAFT_OWNER, listDrafts, saveDraft } from '../chatbotForm/drafts';
import { location, renderCreator } from '../testing/renderCreator';
import { CreateChatbotPage } from './CreateChatbotPage';

const CREATE_PATHS = ['/chatbot/create', '/chatbot/create/:draftId', '/chat/:characterId'];
const ANONYMOUS = { anonymous_create: true };

beforeEach(() => window.localStorage.clear());

const field = (name: string) => screen.getByRole('textbox', { name });

function renderGuest(url = '/chatbot/create') {
  return renderCreator(<CreateChatbotPage />, { guest: true, url, path: CREATE_PATHS, flags: ANONYMOUS });
}

async function fillIn() {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Captain Rhea');
  await userEvent.type(field('Title'), 'A pirate queen of the outer rim');
  await userEvent.type(field('Greeting'), 'Ahoy! Welcome aboard.');
  await userEvent.type(field('Personality'), 'Bold, witty and fiercely loyal.');
  await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }));
}

describe("a guest on /chatbot/create where the application's anonymous_create flag is on", () => {
  it('gets the form under a shorter hero, without what needs an account, and without the lock', async () => {
    renderGuest();
    expect(screen.getByRole('heading', { level: 1, name: 'Unleash Your Creativity: Create Chatbot Characters' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Create Your Own Chatbot' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Unlock Bot Creation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get Rewards' })).not.toBeInTheDocument();
    expect(screen.getByText(/You add the avatar once you have an account/)).toBeInTheDocument();
    for (const absent of ['Generate Avatar', 'Suggest a personality', 'Suggest Tags', 'Import Character Card']) {
      expect(screen.queryByRole('button', { name: absent })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('status', { name: 'Tokens' })).not.toBeInTheDocument();
    expect(screen.queryByText('Lorebooks')).not.toBeInTheDocument();
  });

  it("checks the create rules but the avatar's before asking to sign up", async () => {
    const { store } = renderGuest();
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    for (const message of [M.nameRequired, M.titleRequired, M.greetingRequired, M.personalityRequired, M.visibilityRequired, M.guidelinesRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText(M.avatarRequired)).not.toBeInTheDocument();
    expect(selectSignInPrompt(store.getState()).open).toBe(false);
  });

  it('keeps the chatbot on the device and asks to sign up, returning to its draft; nothing is sent to the API', async () => {
    const { store, fake } = renderGuest();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(selectSignInPrompt(store.getState()).open).toBe(true));
    const { returnTo } = selectSignInPrompt(store.getState());
    expect(returnTo).toMatch(/^\/chatbot\/create\/draft-/);
    await waitFor(() => expect(location()).toBe(returnTo));
    const draftId = returnTo!.split('/').pop()!;
    expect(getDraft(GUEST_DRAFT_OWNER, draftId)?.values).toMatchObject({ name: 'Captain Rhea', visibility: 'private', guidelines: true, avatar_url: '' });
    expect(field('Name')).toHaveValue('Captain Rhea');
    expect(fake.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('keeps a draft with Save Draft and finds it again after a reload', async () => {
    const first = renderGuest();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Half done');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(location()).toMatch(/^\/chatbot\/create\/draft-/));
    const [draft] = listDrafts(GUEST_DRAFT_OWNER);
    expect(draft).toMatchObject({ creator_user_id: GUEST_DRAFT_OWNER, values: { name: 'Half done' } });
    const url = location();
    first.unmount();
    renderGuest(url);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Half done');
  });
});

describe('the guest, signed in, back on the draft', () => {
  it('finds it filled in and theirs, adds the avatar and creates it through the same call; the draft goes', async () => {
    const values = { ...emptyChatbot(), name: 'Captain Rhea', title: 'A pirate queen of the outer rim', greeting: 'Ahoy! Welcome aboard.', persona: 'Bold, witty and fiercely loyal.', visibility: 'private' as const, guidelines: true };
    saveDraft({ id: 'draft-guest1', values, creator_user_id: GUEST_DRAFT_OWNER, creator_username: null });
    const { fake } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create/draft-guest1', path: CREATE_PATHS, flags: ANONYMOUS });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Your Own Chatbot' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Captain Rhea');
    expect(field('Personality')).toHaveValue('Bold, witty and fiercely loyal.');
    await waitFor(() => expect(getDraft('u1', 'draft-guest1')).toMatchObject({ creator_user_id: 'u1', creator_username: 'ada' }));
    expect(listDrafts(GUEST_DRAFT_OWNER)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(await screen.findByText(M.avatarRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Avatar prompt' }), 'A pirate queen with a red coat');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Avatar' }));
    await screen.findByRole('img', { name: 'Avatar of Captain Rhea' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\//));
    expect(fake.callsTo('POST /characters')[0]!.body).toMatchObject({ name: 'Captain Rhea', visibility: 'private', guidelines: true });
    expect(getDraft('u1', 'draft-guest1')).toBeNull();
  });

  it("does not take another member's draft of the same id, only a guest's", async () => {
    saveDraft({ id: 'draft-other', values: { ...emptyChatbot(), name: 'Not yours' }, creator_user_id: 'u2', creator_username: 'bob' });
    renderCreator(<CreateChatbotPage />, { url: '/chatbot/create/draft-other', path: CREATE_PATHS, flags: ANONYMOUS });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(document.body).queryByDisplayValue('Not yours')).not.toBeInTheDocument();
  });
});
