import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateChatbotPage } from '../create/CreateChatbotPage';
import { location, renderCreator } from '../testing/renderCreator';
import { EditChatbotPage } from './ChatbotPages';

const CREATE_PATHS = ['/chatbot/create', '/chatbot/create/:draftId', '/chat/:characterId'];
const V2_EXTRAS = ['Suggest a greeting', 'Suggest a personality', 'Suggest a scenario', 'Suggest a example dialogue', 'Suggest Tags', 'Import Character Card'];
const V2_SECTIONS = ['Character', 'Definition', 'Tags', 'Who can chat with it'];

beforeEach(() => window.localStorage.clear());

const field = (name: string) => screen.getByRole('textbox', { name });

it("shows the v2 form (titled sections, the model's help, card import) where the application's create_v2 flag is on", async () => {
  renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS });
  await screen.findByRole('button', { name: 'Adventure' });
  for (const heading of V2_SECTIONS) expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  for (const extra of V2_EXTRAS) expect(screen.getByRole('button', { name: extra })).toBeInTheDocument();
});

describe("where the application's create_v2 flag is off (the v1 form)", () => {
  it("is one plain box: no section titles, no Suggest, no Suggest Tags, no card import; tags keep a visible label", async () => {
    renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS, flags: { create_v2: false } });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Own Chatbot' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Adventure' });
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    for (const extra of V2_EXTRAS) expect(screen.queryByRole('button', { name: extra })).not.toBeInTheDocument();
    expect(screen.queryByTestId('card-file')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tags' })).toBeVisible();
    expect(screen.getByText('Tags', { selector: 'legend' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Avatar' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Tokens' })).toBeInTheDocument();
    expect(screen.getByText('Chatbot creation guide')).toBeInTheDocument();
  });

  it('creates the chatbot through the same call and opens its chat', async () => {
    const { fake } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: CREATE_PATHS, flags: { create_v2: false } });
    await screen.findByRole('button', { name: 'Adventure' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Avatar prompt' }), 'A pirate queen with a red coat');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Avatar' }));
    await screen.findByText('Drawn by the demo generator: no image model is configured on this server.');
    await userEvent.type(field('Name'), 'Captain Rhea');
    await userEvent.type(field('Title'), 'A pirate queen of the outer rim');
    await userEvent.type(field('Greeting'), 'Ahoy! Welcome aboard.');
    await userEvent.type(field('Personality'), 'Bold, witty and fiercely loyal.');
    await userEvent.click(screen.getByRole('button', { name: 'Adventure' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\/bot-new-\d+$/));
    expect(fake.callsTo('POST /characters')[0]!.body).toMatchObject({ name: 'Captain Rhea', visibility: 'private', tags: ['Adventure'], guidelines: true });
    expect(fake.callsTo('POST /characters/suggest_field')).toHaveLength(0);
  });

  it("is the Chatbot Editor's form too, without Suggest", async () => {
    renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: ['/chatbot/edit/:characterId'], flags: { create_v2: false } });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Detective Vale');
    expect(screen.queryByRole('button', { name: 'Suggest a greeting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Definition' })).not.toBeInTheDocument();
  });
});
