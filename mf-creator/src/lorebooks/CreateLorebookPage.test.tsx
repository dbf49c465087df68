import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOREBOOK_MESSAGES as M } from '@fable/contracts';
import { location, renderCreator, toasts } from '../testing/renderCreator';
import { guideSeenKey } from './LorebookGuide';
import { CreateLorebookPage } from './LorebookPages';

const PATHS = ['/lorebook/create'];
const field = (name: string) => screen.getByRole('textbox', { name });

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(guideSeenKey('u1'), 'true');
});

function renderCreate() {
  return renderCreator(<CreateLorebookPage />, { url: '/lorebook/create', path: PATHS });
}

async function addEntry({ name, keywords, content }: { name: string; keywords: string[]; content: string }) {
  await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Entry' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Entry name' }), name);
  for (const keyword of keywords) await userEvent.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), `${keyword}{Enter}`);
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Content' }), content);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Entry' })).not.toBeInTheDocument());
}

describe('the one-time guide', () => {
  it('opens the first time a member comes, never again once closed, and comes back from its link', async () => {
    window.localStorage.clear();
    const { unmount } = renderCreate();
    const guide = await screen.findByRole('dialog', { name: 'What is a lorebook?' });
    expect(within(guide).getByText(/Keywords wake an entry up/)).toBeInTheDocument();
    await userEvent.click(within(guide).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    renderCreate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Lorebook' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'How lorebooks work' }));
    expect(screen.getByRole('dialog', { name: 'What is a lorebook?' })).toBeInTheDocument();
  });
});

describe('creating a lorebook', () => {
  it('shows every rule of the lorebook under its field and focuses the first invalid one', async () => {
    const { fake } = renderCreate();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Lorebook' }));
    expect(await screen.findAllByText(M.required)).toHaveLength(3); // avatar, name, description
    for (const message of [M.tagsMin, M.entriesMin, M.guidelinesRequired]) expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Avatar' })).toHaveFocus();
    await userEvent.type(field('Name'), 'ab');
    await userEvent.click(field('Description'));
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Create Lorebook' }));
    expect(await screen.findByText(M.tooShort)).toBeInTheDocument();
    expect(screen.getByText(M.descriptionTooLong)).toBeInTheDocument();
    await userEvent.clear(field('Name'));
    await userEvent.type(field('Name'), 'n'.repeat(26));
    await userEvent.click(screen.getByRole('button', { name: 'Create Lorebook' }));
    expect(await screen.findByText(M.nameTooLong)).toBeInTheDocument();
    expect(fake.callsTo('POST /lorebooks')).toHaveLength(0);
  });

  it('checks an entry in its modal with the spec’s messages, keywords as chips', async () => {
    renderCreate();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Entry' });
    const keywords = within(dialog).getByRole('textbox', { name: 'Keywords' });
    await userEvent.type(keywords, 'moon{Enter}');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Entry name' }));
    await userEvent.paste('n'.repeat(51));
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Content' }));
    await userEvent.paste('c'.repeat(1001));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    for (const message of [M.entryNameTooLong, M.keywordsMin, M.entryContentTooLong]) expect(await within(dialog).findByText(message)).toBeInTheDocument();
    // A comma adds too; a repeat is not added twice; Backspace in the empty input takes the last one back.
    await userEvent.type(keywords, 'tide,Moon,');
    expect(within(dialog).getAllByRole('button', { name: /^Remove keyword/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove keyword moon',
      'Remove keyword tide',
    ]);
    await userEvent.type(keywords, '{Backspace}');
    expect(within(dialog).queryByRole('button', { name: 'Remove keyword tide' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove keyword moon' }));
    expect(within(dialog).queryByRole('button', { name: /^Remove keyword/ })).not.toBeInTheDocument();
    // A pasted list becomes chips, at most 12.
    await userEvent.click(keywords);
    await userEvent.paste(Array.from({ length: 14 }, (_, i) => `k${i}`).join(', '));
    expect(within(dialog).getAllByRole('button', { name: /^Remove keyword/ })).toHaveLength(12);
    expect(within(dialog).getByText(M.keywordsMax)).toBeInTheDocument();
    expect(keywords).toBeDisabled();
  });

  it('offers Delete only while there is more than one entry, edits an entry, and creates the lorebook', async () => {
    const { fake } = renderCreate();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Avatar prompt' }), 'An old map');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Avatar' }));
    await screen.findByRole('img', { name: 'Avatar of the lorebook' });
    await userEvent.type(field('Name'), 'Sea Atlas');
    await userEvent.type(field('Description'), 'Islands, currents and sea monsters.');
    await userEvent.click(await screen.findByRole('button', { name: 'Adventure' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fantasy' }));
    await addEntry({ name: 'The Kraken', keywords: ['kraken', 'monster'], content: 'It sleeps under the reef.' });
    expect(screen.queryByRole('button', { name: /^Delete Entry/ })).not.toBeInTheDocument();
    await addEntry({ name: 'Coral Reef', keywords: ['reef', 'coral'], content: 'Sharp and bright.' });
    expect(screen.getByText('2 / 100 entries')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete Entry/ })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Entry The Kraken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Entry' });
    expect(within(dialog).getByRole('textbox', { name: 'Entry name' })).toHaveValue('The Kraken');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Content' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'It wakes at the full moon.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('It wakes at the full moon.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Entry Coral Reef' }));
    expect(screen.queryByText('Coral Reef')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete Entry/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Lorebook' }));
    await waitFor(() => expect(location()).toMatch(/^\/lorebook\/lorebook-\d+$/));
    expect(fake.callsTo('POST /lorebooks')[0]!.body).toEqual({
      name: 'Sea Atlas',
      description: 'Islands, currents and sea monsters.',
      avatar_url: expect.stringMatching(/^\/api\/images\//),
      tags: ['Adventure', 'Fantasy'],
      entries: [{ name: 'The Kraken', keywords: ['kraken', 'monster'], content: 'It wakes at the full moon.' }],
      guidelines: true,
    });
  });

  it('says the server’s refusal in a toast', async () => {
    const { fake, store } = renderCreate();
    fake.override({ 'POST /lorebooks': { status: 403, body: { error: { code: 'forbidden', message: 'You may not create lorebooks.' } } } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Avatar prompt' }), 'A map');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Avatar' }));
    await screen.findByRole('img', { name: 'Avatar of the lorebook' });
    await userEvent.type(field('Name'), 'Sea Atlas');
    await userEvent.type(field('Description'), 'Islands.');
    await userEvent.click(await screen.findByRole('button', { name: 'Adventure' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fantasy' }));
    await addEntry({ name: 'Kraken', keywords: ['kraken', 'monster'], content: 'It sleeps.' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Lorebook' }));
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'You may not create lorebooks.' }));
    expect(location()).toBe('/lorebook/create');
  });
});

describe('importing a lorebook', () => {
  const file = (json: unknown, name = 'world.json') => new File([JSON.stringify(json)], name, { type: 'application/json' });

  it('lists a World Info file’s entries and creates the lorebook with the book as it came, through the import call', async () => {
    const { fake, store } = renderCreate();
    const worldInfo = {
      entries: {
        0: { uid: 0, key: ['moon', 'luna'], comment: 'The Moon', content: 'Made of glass.', order: 3, position: 1, depth: 4, probability: 80 },
        1: { uid: 1, key: ['tide'], comment: 'Tides', content: 'They sing.', disable: true },
        2: { uid: 2, key: ['reef', 'coral'], comment: 'The Reef', content: 'r'.repeat(1200) },
      },
    };
    await userEvent.upload(await screen.findByTestId('lorebook-file'), file(worldInfo, 'Glass Sea.json'));
    expect(await screen.findByText('Imported 3 entries from Glass Sea.json')).toBeInTheDocument();
    expect(screen.getByText(/^2 entries do not meet the form’s rules/)).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Glass Sea');
    expect(screen.getByText('Made of glass.')).toBeInTheDocument();
    // Listed, not edited: they go as they came.
    expect(screen.queryByRole('button', { name: 'Add Entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit Entry/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Avatar prompt' }), 'A glass sea');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Avatar' }));
    await screen.findByRole('img', { name: 'Avatar of Glass Sea' });
    await userEvent.type(field('Description'), 'A sea of glass.');
    await userEvent.click(await screen.findByRole('button', { name: 'Adventure' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fantasy' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Lorebook' }));
    await waitFor(() => expect(location()).toMatch(/^\/lorebook\/lorebook-\d+$/));
    expect(fake.callsTo('POST /lorebooks')).toHaveLength(0);
    const { book, ...fields } = fake.callsTo('POST /lorebooks/import')[0]!.body as { book: { entries: Record<string, unknown>[] } };
    expect(fields).toMatchObject({ name: 'Glass Sea', description: 'A sea of glass.', tags: ['Adventure', 'Fantasy'], guidelines: true });
    expect(book.entries[0]).toMatchObject({ id: 0, keys: ['moon', 'luna'], name: 'The Moon', comment: 'The Moon', insertion_order: 3, extensions: { position: 1, depth: 4, probability: 80 } });
    expect(book.entries[1]).toMatchObject({ keys: ['tide'], enabled: false });
    const id = location().split('/').pop()!;
    expect(fake.db.lorebooks.get(id)!.entries[1]).toMatchObject({ name: 'Tides', keywords: ['tide'], extensions: { enabled: false, comment: 'Tides' } });
    expect(toasts(store)).toContainEqual({
      type: 'warning',
      message: '1 entry: content longer than 1000 characters was cut (the export writes it back whole). 1 entry: have fewer than 2 keywords and were kept as they are.',
    });
  });

  it('asks before leaving an imported lorebook that was not created', async () => {
    const { router } = renderCreate();
    await userEvent.upload(await screen.findByTestId('lorebook-file'), file({ spec: 'lorebook_v3', data: { name: 'World', entries: [{ keys: ['a', 'b'], content: 'A.' }] } }));
    await screen.findByText('Imported 1 entry from world.json');
    await act(() => router.navigate('/my-chatbots/lorebooks'));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(location()).toBe('/my-chatbots/lorebooks'));
  });

  it('says when the file is a character card', async () => {
    renderCreate();
    await userEvent.upload(await screen.findByTestId('lorebook-file'), file({ spec: 'chara_card_v2', data: { name: 'Mira', description: 'd', first_mes: 'hi' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is a character card, not a lorebook. Import it in the chatbot form.');
  });
});
