import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { charactersApi } from '@fable/shared/characters';
import { CreateChatbotPage } from '../create/CreateChatbotPage';
import { location, ownChatbot, renderCreator, toasts } from '../testing/renderCreator';
import { EditChatbotPage } from './ChatbotPages';

beforeEach(() => window.localStorage.clear());

const lorebooks = () => screen.getByRole('region', { name: 'Lorebooks' });

describe('the Lorebooks section of the chatbot form', () => {
  it('attaches and detaches the creator’s own lorebooks at once when editing', async () => {
    const { fake, store } = renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: '/chatbot/edit/:characterId' });
    const box = await within(await screen.findByRole('region', { name: 'Lorebooks' })).findByRole('checkbox', { name: /Rain City/ });
    expect(within(lorebooks()).queryByRole('checkbox', { name: /Nebula Atlas/ })).not.toBeInTheDocument();
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(fake.callsTo('PUT /characters/bot3/lorebooks/lb-ada')).toHaveLength(1);
    expect(fake.db.characters.get('bot3')!.lorebooks).toEqual([{ id: 'lb-ada', name: 'Rain City' }]);
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(fake.callsTo('DELETE /characters/bot3/lorebooks/lb-ada')).toHaveLength(1);
    // Nothing of the chatbot itself was saved, and Save still waits for a change.
    expect(fake.callsTo('PATCH /characters/bot3')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fake.override({ 'PUT /characters/bot3/lorebooks/lb-ada': { status: 403, body: { error: { code: 'not_owner', message: 'Not yours.' } } } });
    await userEvent.click(box);
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'Not yours.' }));
    expect(box).not.toBeChecked();
  });

  it('keeps the boxes still while the chatbot is read again after a change: an older answer would undo a new tick', async () => {
    const { fake, store } = renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: '/chatbot/edit/:characterId' });
    const box = await within(await screen.findByRole('region', { name: 'Lorebooks' })).findByRole('checkbox', { name: /Rain City/ });
    const before = charactersApi.endpoints.characters_profile.select('bot3')(store.getState()).data;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.override({
      'GET /characters/bot3': async () => {
        await held;
        return { body: before };
      },
    });
    const reads = fake.callsTo('GET /characters/bot3').length;
    await userEvent.click(box);
    await waitFor(() => expect(fake.callsTo('GET /characters/bot3').length).toBeGreaterThan(reads));
    expect(fake.callsTo('PUT /characters/bot3/lorebooks/lb-ada')).toHaveLength(1);
    expect(box).toBeDisabled();
    release();
    await waitFor(() => expect(box).toBeEnabled());
  });

  it('attaches the ticked lorebooks once a new chatbot is created', async () => {
    const { fake } = renderCreator(<CreateChatbotPage />, { url: '/chatbot/create', path: ['/chatbot/create', '/chat/:id', '/chatbot/edit/:id'] });
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Lorebooks' })).findByRole('checkbox', { name: /Rain City/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Avatar prompt' }), 'A pirate');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Avatar' }));
    await screen.findByText('Drawn by the demo generator: no image model is configured on this server.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Captain Rhea');
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'A pirate queen of the outer rim');
    await userEvent.type(screen.getByRole('textbox', { name: 'Greeting' }), 'Ahoy! Welcome aboard.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Personality' }), 'Bold, witty and fiercely loyal.');
    await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(location()).toMatch(/^\/chat\//));
    const id = location().split('/').pop()!;
    expect(fake.callsTo(`PUT /characters/${id}/lorebooks/lb-ada`)).toHaveLength(1);
    expect(fake.db.characters.get(id)!.lorebooks).toEqual([{ id: 'lb-ada', name: 'Rain City' }]);
  });

  it('lets a chatbot use at most 5 lorebooks', async () => {
    const books = Array.from({ length: 6 }, (_, i) => ({
      id: `lb${i}`,
      user_id: 'u1',
      creator_username: 'ada',
      name: `Book ${i}`,
      description: 'A book.',
      avatar_url: null,
      tags: ['A', 'B'],
      createdAt: `2026-11-0${i + 1}T00:00:00.000Z`,
      num_entries: 1,
      entries: [{ id: `e${i}`, name: 'Entry', keywords: ['a', 'b'], content: 'Lore.' }],
    }));
    const bot3 = ownChatbot({ id: 'bot3', name: 'Detective Vale', lorebooks: books.slice(0, 5).map(({ id, name }) => ({ id, name })) });
    renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: '/chatbot/edit/:characterId', seed: { lorebooks: books, characters: [bot3] } });
    const section = await screen.findByRole('region', { name: 'Lorebooks' });
    expect(await within(section).findByRole('checkbox', { name: /Book 5/ })).toBeDisabled();
    expect(within(section).getByRole('checkbox', { name: /Book 0/ })).toBeEnabled();
    expect(within(section).getByText('A chatbot can use at most 5 lorebooks: untick one to tick another.')).toBeInTheDocument();
  });

  it('offers Create Lorebook to a creator who has none', async () => {
    renderCreator(<EditChatbotPage />, { url: '/chatbot/edit/bot3', path: '/chatbot/edit/:characterId', seed: { lorebooks: [] } });
    const section = await screen.findByRole('region', { name: 'Lorebooks' });
    expect(await within(section).findByRole('link', { name: 'Create Lorebook' })).toHaveAttribute('href', '/lorebook/create');
  });
});
