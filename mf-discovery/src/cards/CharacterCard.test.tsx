import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ERROR_CODES } from '@fable/contracts';
import { apiErrorBody, apiUserFixture, type FakeCall } from '@fable/shared/testing';
import { selectSignInPrompt } from '@fable/shared';
import { characterFixture } from '../testing/characterFixture';
import { location, renderDiscovery, type DiscoverySetup } from '../testing/renderDiscovery';
import { CardActionsProvider, useCardFilter } from './CardActions';
import { CharacterGrid } from './CharacterGrid';
import type { CharacterSummary } from '../discoveryApi';

function Cards({ characters }: { characters: CharacterSummary[] }) {
  const keep = useCardFilter();
  return <CharacterGrid label="Chatbots" entries={characters.filter(keep).map((character) => ({ character }))} />;
}

function renderCards(characters: CharacterSummary[], setup: DiscoverySetup = {}) {
  window.localStorage.clear();
  return renderDiscovery(
    <CardActionsProvider>
      <Cards characters={characters} />
    </CardActionsProvider>,
    { path: '/', ...setup },
  );
}

// hidden: a card is still found behind an open dialog, which hides the page from assistive technology.
const card = (name: string) => screen.getByRole('article', { name, hidden: true });
const openMenu = async (name: string) => {
  await userEvent.click(within(card(name)).getByRole('button', { name: `More actions for ${name}` }));
  return screen.getByRole('menu');
};
const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the card (document 1 §2 "Cards")', () => {
  it('shows avatar, name, title, @creator, tags, message count and rating, as text', () => {
    renderCards([
      characterFixture({
        id: 'c1',
        name: '<b>Aria</b>',
        title: 'A <i>knight</i>',
        tags: ['Fantasy', 'Romance', 'Adventure', 'Drama'],
        num_messages: 1_234_567,
        rating_score: 0.876,
        creator_username: 'maker',
      }),
    ]);
    const aria = card('<b>Aria</b>');
    expect(within(aria).getByRole('link', { name: '<b>Aria</b>' })).toHaveAttribute('href', '/chatbot/c1');
    expect(within(aria).getByText('A <i>knight</i>')).toBeInTheDocument();
    expect(aria.querySelector('b, i')).toBeNull();
    expect(within(aria).getByRole('link', { name: '@maker' })).toHaveAttribute('href', '/creator/maker');
    expect(within(within(aria).getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fantasy',
      'Romance',
      'Adventure',
    ]);
    expect(within(aria).getByText('1.2m messages')).toBeInTheDocument();
    expect(within(aria).getByText('88% rating')).toBeInTheDocument();
  });

  it('opens group chats at /groupchat/{id}', async () => {
    renderCards([characterFixture({ id: 'g1', name: 'Crew', type: 'group' })]);
    await userEvent.click(screen.getByRole('link', { name: 'Crew' }));
    expect(location()).toBe('/groupchat/g1');
  });

  it('tells the recommender when a recommended card is opened', async () => {
    const { fake } = renderCards([characterFixture({ id: 'r1', name: 'Rec', recommId: 'rid-1' })], {
      handlers: { 'POST /interactions': { body: { ok: true } } },
    });
    await userEvent.click(screen.getByRole('link', { name: 'Rec' }));
    expect(location()).toBe('/chatbot/r1');
    await waitFor(() => expect(fake.callsTo('POST /interactions')).toHaveLength(1));
    expect(fake.callsTo('POST /interactions')[0]?.body).toEqual({ kind: 'detail_view', character_id: 'r1', recommId: 'rid-1' });
  });
});

describe('NSFW avatar blur (document 1 §6)', () => {
  const nsfwBot = characterFixture({ id: 'n1', name: 'Night', avatar_is_nsfw: true, is_nsfw: true });
  const safeBot = characterFixture({ id: 's1', name: 'Day' });
  const blurred = (name: string) => card(name).querySelector('img')?.getAttribute('data-blurred');

  it('always blurs for guests', () => {
    renderCards([nsfwBot, safeBot]);
    expect(blurred('Night')).toBe('true');
    expect(blurred('Day')).toBe('false');
    expect(within(card('Night')).getByText('NSFW')).toBeInTheDocument();
  });

  it('blurs for members with the blur setting', async () => {
    renderCards([nsfwBot], { member: { blurNSFW: true, showNSFW: true } });
    await waitFor(() => expect(blurred('Night')).toBe('true'));
  });

  it('does not blur for members who turned blurring off', async () => {
    renderCards([nsfwBot], { member: { blurNSFW: false, showNSFW: true } });
    await waitFor(() => expect(blurred('Night')).toBe('false'));
  });
});

describe('the actions menu', () => {
  it('offers guests Like (sign-in), Share and Report, not Less Like This or Block', async () => {
    const { store } = renderCards([characterFixture({ id: 'c1', name: 'Aria' })]);
    await openMenu('Aria');
    expect(menuItems()).toEqual(['Like', 'Share', 'Report']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Like' }));
    expect(selectSignInPrompt(store.getState()).open).toBe(true);
  });

  it('is keyboard operable: arrows move, Escape closes and returns to the button', async () => {
    renderCards([characterFixture({ id: 'c1', name: 'Aria' })], { member: true });
    const trigger = within(card('Aria')).getByRole('button', { name: 'More actions for Aria' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Like' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Less Like This' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('links Report to /report/{id}', async () => {
    renderCards([characterFixture({ id: 'c9', name: 'Aria' })]);
    await openMenu('Aria');
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveAttribute('href', '/report/c9');
  });

  it('hides Share and Report in partner mode', async () => {
    renderCards([characterFixture({ id: 'c1', name: 'Aria' })], { partner: ['share', 'report', 'nsfw_toggle'], member: true });
    await openMenu('Aria');
    expect(menuItems()).toEqual(['Like', 'Less Like This', 'Block Creator']);
  });

  it("shows the creator's own bots without like, report or block", async () => {
    renderCards([characterFixture({ id: 'c1', name: 'Mine', creator_user_id: 'u1' })], { member: true });
    await openMenu('Mine');
    expect(menuItems()).toEqual(['Share']);
  });

  it('copies the link on Share and says so', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { store } = renderCards([characterFixture({ id: 'c1', name: 'Aria' })]);
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/chatbot/c1');
    await waitFor(() => expect(store.getState().notifications.items.map((n: { message: string }) => n.message)).toContain('Copied to clipboard'));
  });
});

describe('like / unlike (document 1 §4)', () => {
  it('likes and unlikes', async () => {
    const { fake } = renderCards([characterFixture({ id: 'c1', name: 'Aria' })], {
      member: true,
      handlers: {
        'PUT /characters/c1/favorite': { body: { character_id: 'c1', is_favorite: true, num_favorites: 1 } },
        'DELETE /characters/c1/favorite': { body: { character_id: 'c1', is_favorite: false, num_favorites: 0 } },
      },
    });
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Like' }));
    expect(within(card('Aria')).getByText('Liked')).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('PUT /characters/c1/favorite')).toHaveLength(1));
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unlike' }));
    await waitFor(() => expect(fake.callsTo('DELETE /characters/c1/favorite')).toHaveLength(1));
    expect(within(card('Aria')).queryByText('Liked')).not.toBeInTheDocument();
  });

  it('starts from the liked bots of the settings', async () => {
    renderCards([characterFixture({ id: 'c1', name: 'Aria' })], { member: { likedBots: ['c1'] } });
    await waitFor(() => expect(within(card('Aria')).getByText('Liked')).toBeInTheDocument());
    await openMenu('Aria');
    expect(screen.getByRole('menuitem', { name: 'Unlike' })).toBeInTheDocument();
  });

  it('reverts the like and shows the limit in the error modal on character_favorite_limit', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderCards([characterFixture({ id: 'c1', name: 'Aria' })], {
      member: true,
      handlers: {
        'PUT /characters/c1/favorite': async () => {
          await gate;
          return {
            status: 409,
            body: apiError(ERROR_CODES.CHARACTER_FAVORITE_LIMIT, {
              values: { character_favorite_limit: 3 },
              details: { character_favorite_limit: 3 },
            }),
          };
        },
      },
    });
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Like' }));
    // Optimistic first…
    expect(within(card('Aria')).getByText('Liked')).toBeInTheDocument();
    await act(async () => release());
    // …then undone, with the spec's text in the error modal.
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(
      "Oops! You've reached your limit of 3 favorite bots. To add more, please consider removing some from your current list.",
    );
    expect(within(card('Aria')).queryByText('Liked')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reverts on any other failure too, with the server message', async () => {
    renderCards([characterFixture({ id: 'c1', name: 'Aria' })], {
      member: { likedBots: ['c1'] },
      handlers: { 'DELETE /characters/c1/favorite': { status: 500, body: apiErrorBody('internal_error', 'Something went wrong!') } },
    });
    await waitFor(() => expect(within(card('Aria')).getByText('Liked')).toBeInTheDocument());
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unlike' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Something went wrong!');
    expect(within(card('Aria')).getByText('Liked')).toBeInTheDocument();
  });
});

describe('Less Like This (document 1 §4)', () => {
  it('removes the card and records a dislike', async () => {
    const { fake } = renderCards([characterFixture({ id: 'c1', name: 'Aria' }), characterFixture({ id: 'c2', name: 'Bo' })], {
      member: true,
      handlers: { 'POST /characters/c1/less-like-this': { body: { ok: true } } },
    });
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Less Like This' }));
    expect(screen.queryByRole('article', { name: 'Aria' })).not.toBeInTheDocument();
    expect(card('Bo')).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('POST /characters/c1/less-like-this')).toHaveLength(1));
  });

  it('brings the card back when the call fails', async () => {
    renderCards([characterFixture({ id: 'c1', name: 'Aria' })], {
      member: true,
      handlers: { 'POST /characters/c1/less-like-this': { status: 500, body: apiErrorBody('internal_error', 'Nope') } },
    });
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Less Like This' }));
    expect(await screen.findByRole('article', { name: 'Aria' })).toBeInTheDocument();
  });
});

describe('Block Creator', () => {
  it('asks first, then removes every card of that creator', async () => {
    const calls: FakeCall[] = [];
    const member = apiUserFixture();
    const { fake } = renderCards(
      [
        characterFixture({ id: 'c1', name: 'Aria', creator_user_id: 'bad', creator_username: 'baddie' }),
        characterFixture({ id: 'c2', name: 'Bo', creator_user_id: 'bad', creator_username: 'baddie' }),
        characterFixture({ id: 'c3', name: 'Cy', creator_user_id: 'good' }),
      ],
      {
        member: true,
        handlers: {
          'PUT /users/blocked-creators/bad': (call) => {
            calls.push(call);
            return { body: { blocked: [{ id: 'bad', username: 'baddie' }] } };
          },
          // The user comes back with the block in its settings (the block invalidates it).
          'GET /v2/users': () => ({ body: { ...member, settings: { ...member.settings, blockedUsers: calls.length > 0 ? ['bad'] : [] } } }),
        },
      },
    );
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block Creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Creator' });
    expect(dialog).toHaveTextContent('@baddie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Aria' })).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'Bo' })).not.toBeInTheDocument();
    expect(card('Cy')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    // The user's settings are read again, and the cards stay away.
    await waitFor(() => expect(fake.callsTo('GET /v2/users').length).toBeGreaterThan(1));
    expect(screen.queryByRole('article', { name: 'Bo' })).not.toBeInTheDocument();
  });

  it('keeps the cards and shows the error when blocking fails', async () => {
    renderCards([characterFixture({ id: 'c1', name: 'Aria', creator_user_id: 'bad', creator_username: 'baddie' })], {
      member: true,
      handlers: { 'PUT /users/blocked-creators/bad': { status: 500, body: apiErrorBody('internal_error', 'Could not block') } },
    });
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block Creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Creator' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not block');
    expect(card('Aria')).toBeInTheDocument();
  });

  it('hides cards of creators blocked in the settings', async () => {
    renderCards([characterFixture({ id: 'c1', name: 'Aria', creator_user_id: 'bad' }), characterFixture({ id: 'c2', name: 'Bo' })], {
      member: { blockedUsers: ['bad'] },
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Aria' })).not.toBeInTheDocument());
    expect(card('Bo')).toBeInTheDocument();
  });
});

describe('analytics events of the card actions (document 1 §7 "card actions")', () => {
  const events = (fake: { callsTo: (key: string) => FakeCall[] }) => fake.callsTo('POST /event').map((call) => call.body);
  const cardEvent = (action: string, characterId = 'c1') => ({ event_name: 'card_action', action, character_id: characterId });

  it('sends one event per action a guest takes: open, share, report; none for what needs signing in', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn().mockResolvedValue(undefined) }, configurable: true });
    const { fake } = renderCards([characterFixture({ id: 'c1', name: 'Aria' })]);
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Like' }));
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share' }));
    await waitFor(() => expect(events(fake)).toEqual([cardEvent('share')]));
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(location()).toBe('/report/c1');
    await waitFor(() => expect(events(fake)).toEqual([cardEvent('share'), cardEvent('report')]));
  });

  it('sends the open event once per click on a card', async () => {
    const { fake } = renderCards([characterFixture({ id: 'c7', name: 'Seven' })]);
    await userEvent.click(screen.getByRole('link', { name: 'Seven' }));
    await waitFor(() => expect(events(fake)).toEqual([cardEvent('open', 'c7')]));
  });

  it('sends like, unlike, Less Like This and Block Creator once each, when done', async () => {
    const { fake } = renderCards(
      [characterFixture({ id: 'c1', name: 'Aria', creator_user_id: 'bad', creator_username: 'baddie' }), characterFixture({ id: 'c2', name: 'Bo' })],
      {
        member: true,
        handlers: {
          'PUT /characters/c1/favorite': { body: { character_id: 'c1', is_favorite: true, num_favorites: 1 } },
          'DELETE /characters/c1/favorite': { body: { character_id: 'c1', is_favorite: false, num_favorites: 0 } },
          'POST /characters/c2/less-like-this': { body: { ok: true } },
          'PUT /users/blocked-creators/bad': { body: { blocked: [{ id: 'bad', username: 'baddie' }] } },
        },
      },
    );
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Like' }));
    await waitFor(() => expect(events(fake)).toEqual([cardEvent('like')]));
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unlike' }));
    await waitFor(() => expect(events(fake)).toEqual([cardEvent('like'), cardEvent('unlike')]));
    await openMenu('Bo');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Less Like This' }));
    await waitFor(() => expect(events(fake)).toHaveLength(3));
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block Creator' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Block Creator' })).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(events(fake)).toEqual([cardEvent('like'), cardEvent('unlike'), cardEvent('less_like_this', 'c2'), cardEvent('block_creator')]));
  });

  it('sends nothing for an action that failed', async () => {
    const { fake } = renderCards([characterFixture({ id: 'c1', name: 'Aria' })], {
      member: true,
      handlers: {
        'PUT /characters/c1/favorite': { status: 500, body: apiErrorBody('internal_error', 'Nope') },
        'POST /characters/c1/less-like-this': { status: 500, body: apiErrorBody('internal_error', 'Nope') },
      },
    });
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Like' }));
    // The like is undone and the error modal says why.
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await openMenu('Aria');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Less Like This' }));
    await waitFor(() => expect(fake.callsTo('POST /characters/c1/less-like-this')).toHaveLength(1));
    await screen.findByRole('article', { name: 'Aria' });
    expect(events(fake)).toEqual([]);
  });
});
