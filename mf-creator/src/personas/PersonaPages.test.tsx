import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Persona } from '@fable/contracts';
import { selectNotifications } from '@fable/shared';
import { apiErrorBody, type FakeHandler } from '@fable/shared/testing';
import { location, renderCreator, toasts } from '../testing/renderCreator';
import { CreatePersonaPage, EditPersonaPage } from './PersonaPages';

const UNDERAGE = 'Underage Content Detected: This content is not allowed. Further attempts may lead to account suspension or termination.';
const EXPLICIT = 'Explicit Content Detected: NSFW content is not allowed on the product. Please remove or revise to continue.';

type Stored = Persona & { user_id: string };
const stored = (id: string, name: string, is_default = false): Stored => ({ id, user_id: 'u1', name, highlights: `About ${name}.`, avatar_url: `/api/images/${'a'.repeat(32)}/400x400.webp`, is_default });

function renderCreate({ personas = [stored('p-ada', 'Ada', true)], handlers, flags }: { personas?: Stored[]; handlers?: Record<string, FakeHandler>; flags?: { persona_v2: boolean } } = {}) {
  const rendered = renderCreator(<CreatePersonaPage />, { url: '/personas/create', path: '/personas/create', handlers, flags });
  rendered.fake.db.personas.set('u1', personas);
  return rendered;
}

function renderEdit(url: string, { personas = [stored('p-ada', 'Ada', true), stored('p-bea', 'Bea')], handlers }: { personas?: Stored[]; handlers?: Record<string, FakeHandler> } = {}) {
  const rendered = renderCreator(<EditPersonaPage />, { url, path: '/personas/edit', handlers });
  rendered.fake.db.personas.set('u1', personas);
  return rendered;
}

const field = (name: string) => screen.getByRole('textbox', { name });
const save = (name = 'Create Persona') => screen.getByRole('button', { name });

async function uploadAvatar() {
  await userEvent.upload(screen.getByTestId('avatar-file'), new File([new Uint8Array([137, 80, 78, 71, 9])], 'me.png', { type: 'image/png' }));
  await screen.findByRole('img', { name: /^Avatar of / });
}

describe('creating a persona (the v2 form)', () => {
  it("keeps Save off until something is typed, then shows the v2 messages and focuses the first invalid field", async () => {
    renderCreate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Persona' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await userEvent.type(field('Name'), 'Al');
    expect(save()).toBeEnabled();
    await userEvent.click(save());
    expect(await screen.findByText('Avatar is required')).toBeInTheDocument();
    expect(screen.getByText('At least 3 characters required')).toBeInTheDocument();
    expect(field('Highlights')).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    expect(screen.getByRole('button', { name: 'Generate Avatar' })).toHaveFocus();
  });

  it("shows the v1 messages where the application's persona_v2 flag is off", async () => {
    renderCreate({ flags: { persona_v2: false } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Al');
    await userEvent.click(save());
    expect(await screen.findByText('Name should at least have a length of 3')).toBeInTheDocument();
    expect(field('Highlights')).toHaveAccessibleDescription(expect.stringContaining("Highlights can't be empty"));
    await userEvent.clear(field('Name'));
    await userEvent.type(field('Highlights'), 'A traveller.');
    await userEvent.click(save());
    expect(await screen.findByText("Name can't be empty")).toBeInTheDocument();
    expect(screen.queryByText('At least 3 characters required')).not.toBeInTheDocument();
  });

  it('counts the name to 20 and the highlights to 1000', async () => {
    renderCreate();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Wren');
    expect(screen.getByText('4 / 20')).toBeInTheDocument();
    expect(screen.getByText('0 / 1000')).toBeInTheDocument();
    await userEvent.type(field('Name'), 'x'.repeat(20));
    await userEvent.click(save());
    expect(await screen.findByText('Name should be 20 characters or less')).toBeInTheDocument();
  });

  it('creates it with an uploaded avatar, then goes back to My Personas with a toast', async () => {
    const { fake, store } = renderCreate();
    await screen.findByRole('heading', { level: 1, name: 'Create Persona' });
    await uploadAvatar();
    await userEvent.type(field('Name'), '  Wren ');
    await userEvent.type(field('Highlights'), 'A travelling bard.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make this my default persona' }));
    await userEvent.click(save());
    await waitFor(() => expect(location()).toBe('/personas'));
    expect(fake.callsTo('POST /personas')[0]!.body).toEqual({
      name: 'Wren',
      highlights: 'A travelling bard.',
      avatar_url: expect.stringMatching(/^\/api\/images\/[0-9a-f]{32}\/400x400\.webp$/),
      is_default: true,
    });
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Persona created' });
    expect(fake.db.personas.get('u1')!.filter((p) => p.is_default).map((p) => p.name)).toEqual(['Wren']);
  });

  it('ticks and fixes the default box for a first persona', async () => {
    renderCreate({ personas: [] });
    const box = await screen.findByRole('checkbox', { name: 'Make this my default persona' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Your first persona is your default persona.');
  });

  it('puts the 4207 and 4208 texts under the field they were found in', async () => {
    let code = '4207';
    renderCreate({
      handlers: {
        'POST /personas': () => ({
          status: 422,
          body: { error: { code, message: code === '4207' ? UNDERAGE : EXPLICIT, details: { field: code === '4207' ? 'name' : 'highlights', rule: 'x' } } },
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Create Persona' });
    await uploadAvatar();
    await userEvent.type(field('Name'), 'Someone');
    await userEvent.type(field('Highlights'), 'Something.');
    await userEvent.click(save());
    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription(expect.stringContaining(UNDERAGE)));
    expect(field('Name')).toHaveFocus();
    code = '4208';
    await userEvent.type(field('Name'), 'x');
    await userEvent.click(save());
    await waitFor(() => expect(field('Highlights')).toHaveAccessibleDescription(expect.stringContaining(EXPLICIT)));
    expect(location()).toBe('/personas/create');
  });

  it('opens Limit Reached on the API\'s 409 persona_limit, and says "Unable to create persona." on other failures', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: 'persona_limit', message: 'limit', details: { n: 10, tier: 'minimal' } } },
    };
    const { store } = renderCreate({ handlers: { 'POST /personas': () => answer } });
    await screen.findByRole('heading', { level: 1, name: 'Create Persona' });
    await uploadAvatar();
    await userEvent.type(field('Name'), 'Wren');
    await userEvent.type(field('Highlights'), 'A bard.');
    await userEvent.click(save());
    const dialog = await screen.findByRole('dialog', { name: 'Limit Reached' });
    expect(dialog).toHaveTextContent("You've reached the maximum allowance of 10 personas in the minimal tier.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    answer = { status: 503, body: apiErrorBody('unavailable', 'down') };
    await userEvent.click(save());
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'Unable to create persona.' }));
  });

  it('says at once when the member is at the limit; OK goes back to My Personas', async () => {
    renderCreate({ personas: [stored('a1', 'One', true), stored('a2', 'Two'), stored('a3', 'Three')] });
    const dialog = await screen.findByRole('dialog', { name: 'Limit Reached' });
    expect(dialog).toHaveTextContent('3 personas in the free tier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(location()).toBe('/personas');
  });
});

describe('editing a persona', () => {
  it('opens the persona named by ?id=, keeps Save off until a change, and sends only what changed', async () => {
    const { fake, store } = renderEdit('/personas/edit?id=p-bea');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Persona' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Bea');
    expect(save('Save')).toBeDisabled();
    await userEvent.clear(field('Highlights'));
    await userEvent.type(field('Highlights'), 'A lighthouse keeper.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make this my default persona' }));
    await userEvent.click(save('Save'));
    await waitFor(() => expect(location()).toBe('/personas'));
    expect(fake.callsTo('PATCH /personas/p-bea')[0]!.body).toEqual({ highlights: 'A lighthouse keeper.', is_default: true });
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Persona updated' });
  });

  it('shows the default persona with its box ticked and fixed', async () => {
    renderEdit('/personas/edit?id=p-ada');
    const box = await screen.findByRole('checkbox', { name: 'Make this my default persona' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('This is your default persona. To change it, make another persona the default.');
  });

  it('says "No persona selected." without an id', async () => {
    renderEdit('/personas/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'No persona selected.' })).toBeInTheDocument();
  });

  it('says "No persona found." for an id that is not one of the member\'s', async () => {
    renderEdit('/personas/edit?id=someone-elses');
    expect(await screen.findByRole('heading', { level: 1, name: 'No persona found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Personas' })).toHaveAttribute('href', '/personas');
  });

  it('says "Unable to update persona." with the server\'s text, and stays', async () => {
    const { store } = renderEdit('/personas/edit?id=p-bea', { handlers: { 'PATCH /personas/p-bea': { status: 400, body: apiErrorBody('validation_error', 'body.avatar_url: must be an http(s) URL or an absolute path') } } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'x');
    await userEvent.click(save('Save'));
    await waitFor(() =>
      expect(selectNotifications(store.getState())).toContainEqual(
        expect.objectContaining({ type: 'error', title: 'Unable to update persona.', message: 'body.avatar_url: must be an http(s) URL or an absolute path' }),
      ),
    );
    expect(location()).toBe('/personas/edit?id=p-bea');
  });

  it('asks before leaving with unsaved changes: Discard leaves, Update saves and leaves', async () => {
    const { fake } = renderEdit('/personas/edit?id=p-bea');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'trix');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    let dialog = screen.getByRole('dialog', { name: 'Unsaved Changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes');
    await userEvent.keyboard('{Escape}');
    expect(location()).toBe('/personas/edit?id=p-bea');

    await userEvent.click(screen.getByRole('link', { name: /Back to My Personas/ }));
    dialog = screen.getByRole('dialog', { name: 'Unsaved Changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(location()).toBe('/personas'));
    expect(fake.callsTo('PATCH /personas/p-bea')[0]!.body).toEqual({ name: 'Beatrix' });
  });

  it('leaves without saving on Discard', async () => {
    const { fake } = renderEdit('/personas/edit?id=p-bea');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'trix');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(location()).toBe('/personas'));
    expect(fake.callsTo('PATCH /personas/p-bea')).toHaveLength(0);
  });
});
