import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHARACTER_MESSAGES as M } from '@fable/contracts';
import { apiErrorBody, characterProfileFixture } from '@fable/shared/testing';
import { CreateChatbotPage } from '../create/CreateChatbotPage';
import { location, renderCreator, toasts } from '../testing/renderCreator';
import { EditChatbotPage } from './ChatbotPages';
import { getDraft, listDrafts } from './drafts';

const CREATE_PATHS = ['/chatbot/create', '/chatbot/create/:draftId'];
const EDIT_PATHS = ['/chatbot/edit/:characterId'];

beforeEach(() => window.localStorage.clear());

const field = (name: string) => screen.getByRole('textbox', { name });
/** Puts `text` in a field at once (a paste): for the fields whose typing, key by key, is not what the test is about. */
async function enter(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.paste(text);
}
const tag = (name: string) => screen.getByRole('button', { name });

async function generateAvatar(prompt = 'A pirate queen with a red coat') {
  await enter(screen.getByRole('textbox', { name: 'Avatar prompt' }), prompt);
  await userEvent.click(screen.getByRole('button', { name: 'Generate Avatar' }));
  await screen.findByText('Drawn by the demo generator: no image model is configured on this server.');
}

async function fillValid({ visibility = 'Private' }: { visibility?: string } = {}) {
  await generateAvatar();
  await enter(field('Name'), 'Captain Rhea');
  await enter(field('Title'), 'A pirate queen of the outer rim');
  await enter(field('Greeting'), 'Ahoy! Welcome aboard.');
  await enter(field('Personality'), 'Bold, witty and fiercely loyal.');
  await userEvent.click(tag('Adventure'));
  await userEvent.click(tag('Sci-Fi'));
  await userEvent.click(screen.getByRole('radio', { name: new RegExp(`^${visibility}`) }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }));
}

describe('creating a chatbot', () => {
  it('shows every rule\'s message under its field, and focuses the first invalid one', async () => {
    renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Your Own Chatbot' })).toBeInTheDocument();
    await userEvent.type(field('Name'), 'go to https://x.io');
    await userEvent.type(field('Scenario'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    for (const message of [M.avatarRequired, M.nameNoLink, M.titleRequired, M.greetingRequired, M.personalityRequired, M.scenarioTooShort, M.visibilityRequired, M.guidelinesRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Generate Avatar' })).toHaveFocus();
  });

  it('asks for a prompt before generating, and uses the generated picture (marked NSFW when it is)', async () => {
    const { fake } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS });
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Avatar' }));
    expect(screen.getByText('An avatar prompt is required to generate.')).toBeInTheDocument();
    expect(fake.callsTo('POST /generate-image')).toHaveLength(0);
    await generateAvatar('A lighthouse keeper at dawn');
    expect(fake.callsTo('POST /generate-image')[0]!.body).toEqual({ prompt: 'A lighthouse keeper at dawn', model_style: 'semi-realistic' });
    expect(screen.getByRole('img', { name: 'Avatar of the chatbot' })).toHaveAttribute('src', expect.stringMatching(/^\/api\/images\/[0-9a-f]{32}\/400x400\.webp$/));
  });

  it('uploads a picture: its hash, a PUT to the signed URL, then complete', async () => {
    const { fake } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS });
    const picture = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'me.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByTestId('avatar-file'), picture);
    await screen.findByRole('img', { name: 'Avatar of the chatbot' });
    const [saved] = fake.callsTo('POST /save-image');
    expect(saved!.body).toMatchObject({ image_type: 'image/png', fileSize: 7 });
    const hash = (saved!.body as { hash: string }).hash;
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.callsTo(`PUT /mock-upload/${hash}`)).toHaveLength(1);
    expect(fake.callsTo(`POST /images/${hash}/complete`)).toHaveLength(1);
  });

  it('suggests a field once name and title have 3 characters, and tags once the four fields are filled', async () => {
    const { fake } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS });
    const suggestPersona = await screen.findByRole('button', { name: 'Suggest a personality' });
    expect(suggestPersona).toBeDisabled();
    await userEvent.type(field('Name'), 'Mira');
    await userEvent.type(field('Title'), 'A starship captain');
    expect(suggestPersona).toBeEnabled();
    await userEvent.click(suggestPersona);
    await waitFor(() => expect(field('Personality')).toHaveValue('Mira is a starship captain: curious, warm and quick with a joke.'));
    expect(fake.callsTo('POST /characters/suggest_field')[0]!.body).toMatchObject({ field: 'persona', fields_values: { name: 'Mira', title: 'A starship captain' } });
    const suggestTags = screen.getByRole('button', { name: 'Suggest Tags' });
    expect(suggestTags).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Suggest a greeting' }));
    await waitFor(() => expect(field('Greeting')).not.toHaveValue(''));
    expect(suggestTags).toBeEnabled();
    await userEvent.click(suggestTags);
    const suggested = await screen.findByRole('list', { name: 'Suggested tags' });
    const first = within(suggested).getAllByRole('button')[0]!;
    const label = first.textContent!.replace('+ ', '');
    await userEvent.click(first);
    expect(tag(label)).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks for 2 tags when public, confirms the review, creates it and opens its chat', async () => {
    const { fake, store } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: [...CREATE_PATHS, '/chat/:characterId'] });
    await screen.findByRole('button', { name: 'Adventure' });
    await fillValid({ visibility: 'Public' });
    await userEvent.click(tag('Sci-Fi'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(await screen.findByText(M.tagsMinRequired)).toBeInTheDocument();
    await userEvent.click(tag('Sci-Fi'));
    expect(screen.getByRole('checkbox', { name: 'Show the definition on its profile' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit for Review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\/bot-new-\d+$/));
    const [created] = fake.callsTo('POST /characters');
    expect(created!.body).toMatchObject({ name: 'Captain Rhea', visibility: 'public', definition_visible: true, tags: ['Adventure', 'Sci-Fi'], guidelines: true });
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Chatbot saved successfully' });
    const id = location().split('/').pop()!;
    expect(fake.db.characters.get(id)?.moderationReport?.moderation_status).toBe('pending');
  });

  it('says "Tag limit reached" at a 13th tag, counting "Limit N / 12"', async () => {
    const options = Array.from({ length: 14 }, (_, i) => ({ value: `Tag ${i + 1}`, label: `Tag ${i + 1}` }));
    const { store } = renderCreator(<CreateChatbotPage />, {
      url: '/chatbot/create',
      path: CREATE_PATHS,
      handlers: { 'GET /app-settings': { body: { branding: { displayName: 'Fable' }, tagOptions: options } } },
    });
    await screen.findByRole('button', { name: 'Tag 1' });
    for (let i = 1; i <= 12; i++) await userEvent.click(tag(`Tag ${i}`));
    expect(screen.getByText('Limit 12 / 12')).toBeInTheDocument();
    await userEvent.click(tag('Tag 13'));
    expect(tag('Tag 13')).toHaveAttribute('aria-pressed', 'false');
    expect(toasts(store)).toContainEqual({ type: 'warning', message: 'Tag limit reached' });
    await userEvent.click(tag('Tag 1'));
    expect(screen.getByText('Limit 11 / 12')).toBeInTheDocument();
    await userEvent.click(tag('Tag 13'));
    expect(tag('Tag 13')).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps a draft on the device (dated title), moves to its route, and brings it back after a reload', async () => {
    const first = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Half done');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(location()).toMatch(/^\/chatbot\/create\/draft-/));
    expect(toasts(first.store)).toContainEqual({ type: 'success', message: 'Chatbot Saved' });
    const [draft] = listDrafts('u1');
    expect(draft!.values.name).toBe('Half done');
    expect(draft!.values.title).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const url = location();
    first.unmount();
    renderCreator(<CreateChatbotPage />, { url, path: CREATE_PATHS });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Half done');
  });

  it('removes the draft once the chatbot is saved', async () => {
    renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: [...CREATE_PATHS, '/chat/:characterId'] });
    await screen.findByRole('button', { name: 'Adventure' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(location()).toMatch(/^\/chatbot\/create\/draft-/));
    const draftId = location().split('/').pop()!;
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\//));
    expect(getDraft('u1', draftId)).toBeNull();
  });

  it('refuses to save over the token limit with the limit in the message', async () => {
    renderCreator(<CreateChatbotPage />, {
      url: '/chatbot/create',
      path: CREATE_PATHS,
      handlers: { 'POST /characters/token-count': { body: { token_count: 4200, limit: 4000, warning_at: 1600, warning: true, over_limit: true, tokenizer: 'o200k_base', fields: { greeting: 200, persona: 4000, scenario: 0, dialogue: 0 } } } },
    });
    await screen.findByRole('button', { name: 'Adventure' });
    await fillValid();
    expect(await screen.findByText('4200/4000')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tokens by field' })).getByText('Personality 4000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(await screen.findAllByText(/Your chatbot is too long: 4200\/4000 tokens/)).not.toHaveLength(0);
  });

  it('resends with submitForManualReview after the checks ask for a manual review', async () => {
    let calls = 0;
    const { fake } = renderCreator(<CreateChatbotPage />, {
      url: '/chatbot/create',
      path: [...CREATE_PATHS, '/chat/:characterId'],
      handlers: {
        'POST /characters': () =>
          ++calls === 1
            ? { status: 422, body: { error: { code: '1212', message: 'Explicit Content Detected', details: { field: 'persona', submitForManualReview: true } } } }
            : { status: 201, body: undefined },
      },
    });
    await screen.findByRole('button', { name: 'Adventure' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a Manual Review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fake.callsTo('POST /characters')).toHaveLength(2));
    expect(fake.callsTo('POST /characters')[1]!.body).toMatchObject({ submitForManualReview: true });
  });
});

describe('importing a character card', () => {
  const card = {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Seraphina',
      description: 'A guardian of the forest glade.',
      personality: 'Kind and protective',
      first_mes: 'You wake in a quiet glade.',
      scenario: 'The forest at dusk.',
      mes_example: '',
      tags: ['Fantasy', 'Magic'],
      alternate_greetings: ['Another hello'],
    },
  };

  it('prefills the form, reports what changed, asks for the guidelines in its own words, and keeps the extras on create', async () => {
    const { fake } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: [...CREATE_PATHS, '/chat/:characterId'] });
    await screen.findByRole('button', { name: 'Adventure' });
    const file = new File([JSON.stringify(card)], 'seraphina.json', { type: 'application/json' });
    await userEvent.upload(screen.getByTestId('card-file'), file);
    expect(await screen.findByRole('heading', { name: 'Imported from seraphina.json' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Seraphina');
    expect(field('Greeting')).toHaveValue('You wake in a quiet glade.');
    expect(tag('Magic')).toHaveAttribute('aria-pressed', 'true');
    expect(fake.callsTo('POST /characters/import')[0]).toMatchObject({ query: { filename: 'seraphina.json' }, headers: { 'content-type': 'application/json' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(await screen.findByText('You must agree with the Community Guidelines')).toBeInTheDocument();
    await generateAvatar();
    await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\//));
    expect(fake.callsTo('POST /characters')[0]!.body).toMatchObject({ name: 'Seraphina', card_extras: { card: { alternate_greetings: ['Another hello'] } } });
  });

  it("uploads the card's picture as the avatar", async () => {
    const answer = {
      kind: 'character',
      character: { name: 'Seraphina', title: 'Guardian', persona: 'Kind', greeting: 'Hello there.', scenario: null, dialogue: null, tags: [] },
      card_extras: {},
      warnings: [],
      cut: [],
      dropped: [],
      avatar: { content_type: 'image/png', data_base64: 'iVBORw0KGgoAAAANSUhEUg==' },
    };
    const { fake } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS, handlers: { 'POST /characters/import': { body: answer } } });
    await userEvent.upload(await screen.findByTestId('card-file'), new File(['x'], 'seraphina.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Avatar of Seraphina' })).toHaveAttribute('src', expect.stringMatching(/^\/api\/images\//));
    expect(fake.callsTo('POST /save-image')[0]!.body).toMatchObject({ image_type: 'image/png', fileSize: 16 });
  });

  it('says why a file is refused, under the button', async () => {
    renderCreator(<CreateChatbotPage />, {
      url: '/chatbot/create',
      path: CREATE_PATHS,
      handlers: { 'POST /characters/import': { status: 400, body: apiErrorBody('bad_crc', 'This PNG is damaged: a chunk fails its checksum.') } },
    });
    await userEvent.upload(await screen.findByTestId('card-file'), new File(['x'], 'broken.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This PNG is damaged: a chunk fails its checksum.');
    expect(field('Name')).toHaveValue('');
  });
});

describe('editing a chatbot (Chatbot Editor)', () => {
  it('exports the saved chatbot as a card file', async () => {
    const createObjectURL = jest.fn(() => 'blob:card');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { fake } = renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: EDIT_PATHS });
    await userEvent.click(await screen.findByRole('button', { name: 'Export as JSON' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(fake.callsTo('GET /characters/bot3/export')[0]!.query).toEqual({ format: 'json' });
    expect(createObjectURL).toHaveBeenCalled();
    clicked.mockRestore();
  });


  it('loads it, keeps Save off until something changes, sends only the change, toasts and goes to My Chatbots', async () => {
    const { fake, store } = renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: [...EDIT_PATHS, '/my-chatbots'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chatbot Editor' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Detective Vale');
    expect(screen.queryByRole('checkbox', { name: 'I agree with the Community Guidelines' })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'Rain, neon and the very last case');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(location()).toBe('/my-chatbots'));
    expect(fake.callsTo('PATCH /characters/bot3')[0]!.body).toEqual({ title: 'Rain, neon and the very last case' });
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Chatbot saved' });
  });

  it('opens with its draft, changed against the saved chatbot, and drops the draft once saved', async () => {
    const first = renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: [...EDIT_PATHS, '/my-chatbots'] });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), ' II');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(getDraft('u1', 'edit-bot3')?.values.name).toBe('Detective Vale II');
    expect(location()).toBe('/chatbot/edit/bot3');
    first.unmount();
    const { fake } = renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: [...EDIT_PATHS, '/my-chatbots'] });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Detective Vale II');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/my-chatbots'));
    expect(fake.callsTo('PATCH /characters/bot3')[0]!.body).toEqual({ name: 'Detective Vale II' });
    expect(getDraft('u1', 'edit-bot3')).toBeNull();
  });

  it('tells anyone else "You are not allowed to access this page"', async () => {
    renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot1', path: EDIT_PATHS });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not allowed to access this page' })).toBeInTheDocument();
  });

  it('is the 404 page for a chatbot that does not exist', async () => {
    renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/nobody', path: EDIT_PATHS });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('locks the form under review and shows the banner; a chatbot needing fixes shows the reasons', async () => {
    const underReview = characterProfileFixture({
      id: 'bot9',
      creator_user_id: 'u1',
      creator_username: 'ada',
      moderationReport: { moderation_status: 'pending', reason_for_moderation: [] },
    });
    const first = renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot9', path: EDIT_PATHS, seed: { characters: [underReview] } });
    expect(await screen.findByText(/^Under Review:/)).toBeInTheDocument();
    expect(field('Name')).toBeDisabled();
    first.unmount();
    const needsFix = { ...underReview, moderationReport: { moderation_status: 'fix_required' as const, reason_for_moderation: ['Links in the greeting'], action_taken_description: 'Unpublished' } };
    renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot9', path: EDIT_PATHS, seed: { characters: [needsFix] } });
    expect(await screen.findByText(/^Action Required:/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Reasons' })).getByText('Links in the greeting')).toBeInTheDocument();
    expect(field('Name')).toBeEnabled();
    expect(screen.getByRole('radio', { name: /^Public/ })).toBeDisabled();
  });

  it('turns the definition off when the chatbot is made private', async () => {
    const publicBot = characterProfileFixture({ id: 'bot8', creator_user_id: 'u1', creator_username: 'ada', visibility: 'public', definition_visible: true });
    renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot8', path: EDIT_PATHS, seed: { characters: [publicBot] } });
    const definition = await screen.findByRole('checkbox', { name: 'Show the definition on its profile' });
    expect(definition).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
    expect(definition).not.toBeChecked();
    expect(definition).toBeDisabled();
  });

  it('shows the API\'s refusal of a save as a toast and stays', async () => {
    const { store } = renderCreator(<EditChatbotPage />, {
      url: '/chatbot/edit/bot3',
      path: EDIT_PATHS,
      handlers: { 'PATCH /characters/bot3': { status: 409, body: apiErrorBody('character_edit_conflict', 'This chatbot was changed at the same time. Reload it and try again.') } },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'This chatbot was changed at the same time. Reload it and try again.' }));
    expect(location()).toBe('/chatbot/edit/bot3');
  });
});
