import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Persona, SessionUser as ApiUser } from '@fable/contracts';
import { AppProviders, authenticationRequired, becameGuest, createStore, MemoryRouter, Route, Routes } from '@fable/shared';
import { apiErrorBody, type FakeHandler } from '@fable/shared/testing';
import { location, renderCreator, toasts } from '../testing/renderCreator';
import { MyPersonasPage } from './MyPersonasPage';

const DEFAULT_DELETE = 'You cannot delete the default persona, please set another persona as the default or create a new one first.';

const persona = (id: string, name: string, is_default = false, highlights = `About ${name}.`): Persona & { user_id: string } => ({
  id,
  user_id: 'u1',
  name,
  highlights,
  avatar_url: null,
  is_default,
});

const PERSONAS = [persona('p-ada', 'Ada', false, 'A curious traveller.'), persona('p-bram', 'Bram', true, 'Blacksmith of Ember.'), persona('p-cleo', 'Cleo', false, 'Sings to travellers.')];

function renderPage({ personas = PERSONAS, handlers, member }: { personas?: (Persona & { user_id: string })[]; handlers?: Record<string, FakeHandler>; member?: Partial<ApiUser> } = {}) {
  const rendered = renderCreator(<MyPersonasPage />, { url: '/personas', path: '/personas', handlers, member });
  // Before the page's first request reaches the mock API.
  rendered.fake.db.personas.set('u1', personas.map((p) => ({ ...p })));
  return rendered;
}

const cards = () => screen.getAllByTestId('persona-card');
const cardNames = () => cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent);
const card = (name: string) => cards().find((c) => within(c).getByRole('heading', { level: 3 }).textContent === name)!;

describe('signed out', () => {
  function renderSignedOut(setup: (store: ReturnType<typeof createStore>) => void) {
    const store = createStore();
    act(() => setup(store));
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={['/personas']}>
          <Routes>
            <Route path="/personas" element={<MyPersonasPage />} />
            <Route path="/signup" element={<p>signup page</p>} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it('shows the marketing page with Create Free Account to anonymous users and guests', async () => {
    renderSignedOut((store) => store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] })));
    expect(screen.getByRole('heading', { level: 1, name: 'Be Anyone You Want: Create Your Personas' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Personas', level: 1 })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Create Free Account' }));
    expect(screen.getByText('signup page')).toBeInTheDocument();
  });

  it('shows it to anonymous users too', () => {
    renderSignedOut((store) => store.dispatch(authenticationRequired()));
    expect(screen.getByRole('link', { name: 'Create Free Account' })).toHaveAttribute('href', '/signup');
  });

  it("asks guests to sign in instead where the application's MY_PERSONAS_V2 flag (persona_v2) is off", async () => {
    const { store } = renderCreator(<MyPersonasPage />, { url: '/personas', path: '/personas', guest: true, flags: { persona_v2: false } });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to see your personas' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Free Account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(store.getState().session.signInPrompt).toEqual({ open: true, returnTo: '/personas' });
  });
});

describe('My Personas', () => {
  it('lists the personas with the default first and badged, Make Default only on the others', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My Personas' })).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Bram', 'Ada', 'Cleo']));
    expect(within(card('Bram')).getByText('Default')).toBeInTheDocument();
    expect(within(card('Bram')).queryByRole('button', { name: /Make Default/ })).not.toBeInTheDocument();
    expect(within(card('Ada')).queryByText('Default')).not.toBeInTheDocument();
    expect(within(card('Ada')).getByRole('button', { name: 'Make Default Ada' })).toBeInTheDocument();
    expect(within(card('Ada')).getByRole('link', { name: 'Edit Ada' })).toHaveAttribute('href', '/personas/edit?id=p-ada');
    expect(screen.getByText('3 of 3 used')).toBeInTheDocument();
    expect(screen.getByText('3 personas')).toBeInTheDocument();
  });

  it('searches names and highlights', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search personas' }), 'travellers{Enter}');
    await waitFor(() => expect(cardNames()).toEqual(['Cleo']));
    expect(screen.getByText('1 of 3 personas')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search personas' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search personas' }), 'nobody{Enter}');
    expect(await screen.findByText('No persona matches your search.')).toBeInTheDocument();
  });

  it('makes another persona the default, which then comes first', async () => {
    const { store, fake } = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card('Cleo')).getByRole('button', { name: 'Make Default Cleo' }));
    await waitFor(() => expect(cardNames()).toEqual(['Cleo', 'Ada', 'Bram']));
    expect(within(card('Cleo')).getByText('Default')).toBeInTheDocument();
    expect(fake.callsTo('PUT /personas/p-cleo/default')).toHaveLength(1);
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Cleo is now your default persona' });
  });

  it('says "Unable to set default persona." when that fails', async () => {
    const { store } = renderPage({ handlers: { 'PUT /personas/p-ada/default': { status: 500, body: apiErrorBody('internal', 'boom') } } });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card('Ada')).getByRole('button', { name: 'Make Default Ada' }));
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'Unable to set default persona.' }));
    expect(cardNames()).toEqual(['Bram', 'Ada', 'Cleo']);
  });

  it('deletes after the confirm dialog; Cancel keeps it', async () => {
    const { store, fake } = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card('Ada')).getByRole('button', { name: 'Delete Ada' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Persona' });
    expect(dialog).toHaveTextContent('Delete Ada? Chats that used this persona will use your default persona instead.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo('DELETE /personas/p-ada')).toHaveLength(0);

    await userEvent.click(within(card('Ada')).getByRole('button', { name: 'Delete Ada' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Persona' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cardNames()).toEqual(['Bram', 'Cleo']));
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Persona deleted' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Personas' })).toHaveFocus();
  });

  it('never deletes the default: its Delete says why, without asking or calling', async () => {
    const { store, fake } = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card('Bram')).getByRole('button', { name: 'Delete Bram' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts(store)).toContainEqual({ type: 'error', message: DEFAULT_DELETE });
    expect(fake.callsTo('DELETE /personas/p-bram')).toHaveLength(0);
  });

  it("shows the API's default refusal the same way, and \"Unable to delete persona.\" for other failures", async () => {
    const { store } = renderPage({
      handlers: {
        'DELETE /personas/p-ada': { status: 409, body: apiErrorBody('persona_default_delete', DEFAULT_DELETE) },
        'DELETE /personas/p-cleo': 'network-error',
      },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card('Ada')).getByRole('button', { name: 'Delete Ada' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: DEFAULT_DELETE }));
    await userEvent.click(within(card('Cleo')).getByRole('button', { name: 'Delete Cleo' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'Unable to delete persona.' }));
    expect(cards()).toHaveLength(3);
  });

  it('opens Limit Reached instead of the form at the tier limit, with Upgrade to the subscribe page', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(screen.getByRole('link', { name: 'Create Persona' }));
    const dialog = screen.getByRole('dialog', { name: 'Limit Reached' });
    expect(dialog).toHaveTextContent(
      "You've reached the maximum allowance of 3 personas in the free tier. To create or update more, please delete existing ones or upgrade your tier",
    );
    expect(location()).toBe('/personas');
    await userEvent.click(within(dialog).getByRole('link', { name: 'Upgrade' }));
    expect(location()).toBe('/subscribe');
  });

  it('offers no upgrade to premium members, and goes to the form below the limit', async () => {
    renderPage({ member: { tier: 'premium', roles: ['paid_premium'] }, personas: Array.from({ length: 100 }, (_, i) => persona(`p${i}`, `Persona ${i}`, i === 0)) });
    await waitFor(() => expect(cards()).toHaveLength(100));
    await userEvent.click(screen.getByRole('link', { name: 'Create Persona' }));
    const dialog = screen.getByRole('dialog', { name: 'Limit Reached' });
    expect(dialog).toHaveTextContent('100 personas in the premium tier');
    expect(within(dialog).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to the form when there is room', async () => {
    renderPage({ personas: PERSONAS.slice(0, 2) });
    await waitFor(() => expect(cards()).toHaveLength(2));
    await userEvent.click(screen.getByRole('link', { name: 'Create Persona' }));
    expect(location()).toBe('/personas/create');
  });

  it('shows the empty state with Create Persona to a member without personas', async () => {
    renderPage({ personas: [] });
    expect(await screen.findByText('No personas yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Persona' })).toHaveAttribute('href', '/personas/create');
  });

  it('says "Unable to get persona." when the list fails, and tries again', async () => {
    let fail = true;
    const personas = PERSONAS.map(({ user_id: _, ...p }) => p);
    renderPage({ handlers: { 'GET /personas': () => (fail ? { status: 500, body: apiErrorBody('internal', 'boom') } : { body: { personas } }) } });
    expect(await screen.findByText('Unable to get persona.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});
