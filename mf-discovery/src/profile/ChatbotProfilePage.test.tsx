import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CharacterProfile } from '@fable/contracts';
import { becameGuest, tokensReceived, sessionFromUser, signedIn, type AppStore } from '@fable/shared';
import {
  apiErrorBody,
  apiUserFixture,
  characterProfileFixture,
  deploymentFixture,
  mockApi,
  renderRoute,
  storeWith,
  type FakeHandler,
} from '@fable/shared/testing';
import { ChatbotProfilePage, GroupchatProfilePage } from './ChatbotProfilePage';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
  window.localStorage.clear();
});

interface OpenOptions {
  member?: boolean;
  handlers?: Record<string, FakeHandler>;
  deployment?: ReturnType<typeof deploymentFixture>;
  group?: boolean;
}

function open(profile: CharacterProfile | FakeHandler, { member = true, handlers = {}, deployment = deploymentFixture(), group = false }: OpenOptions = {}) {
  const answer: FakeHandler = typeof profile === 'object' && 'viewer' in profile ? { body: profile } : profile;
  fake = mockApi({ overrides: { 'GET /characters/bot1': answer, ...handlers } });
  const store: AppStore = storeWith(deployment);
  if (member) {
    store.dispatch(tokensReceived(fake.memberTokens));
    store.dispatch(signedIn(sessionFromUser(apiUserFixture())));
  } else store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  const Page = group ? GroupchatProfilePage : ChatbotProfilePage;
  renderRoute(<Page />, { path: group ? '/groupchat/:characterId' : '/chatbot/:characterId', url: group ? '/groupchat/bot1' : '/chatbot/bot1', store });
  return store;
}

const notifications = (store: AppStore) => store.getState().notifications.items.map((n) => n.message);
const heading = (name: string) => screen.queryByRole('heading', { name });

describe('the profile', () => {
  it('shows the chatbot with its creator link, Chat Now, counts, lorebook and sections', async () => {
    open(characterProfileFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Captain Mira' })).toBeInTheDocument();
    expect(screen.getByText('A starship captain who never backs down')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chatbots of @starwright' })).toHaveAttribute('href', '/creator/starwright');
    expect(screen.getByRole('link', { name: 'Chat Now' })).toHaveAttribute('href', '/chat/bot1');
    const stats = screen.getByLabelText('Statistics');
    expect(within(stats).getByText('12.3k')).toBeInTheDocument();
    expect(within(stats).getByText('87%')).toBeInTheDocument();
    expect(within(stats).getByText('845')).toBeInTheDocument();
    expect(within(stats).getByText('42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nebula Atlas' })).toHaveAttribute('href', '/lorebook/lb1');
    for (const name of ['Greeting', 'Personality', 'Scenario', 'Example Dialogues']) expect(heading(name)).toBeInTheDocument();
    expect(screen.getByText('Welcome aboard the *Nightingale*, traveller.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('Sci-Fi');
  });

  it('shows a skeleton while loading', async () => {
    let answer: (value: { body: CharacterProfile }) => void = () => {};
    open(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByTestId('profile-skeleton')).toBeInTheDocument();
    expect(screen.getByText('Loading chatbot')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(fake!.calls).toHaveLength(1));
    await act(async () => answer({ body: characterProfileFixture() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Captain Mira' })).toBeInTheDocument();
  });

  it('never renders user text as HTML and cuts the title at 100 characters', async () => {
    const longTitle = 'x'.repeat(130);
    open(characterProfileFixture({ name: '<b>Mira</b>', title: longTitle, greeting: 'Hi <img src=x onerror="alert(1)"> there<script>alert(2)</script>' }));
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent('Mira');
    expect(h1.querySelector('b')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('Hi there')).toBeInTheDocument();
    expect(screen.getByText(`${'x'.repeat(100)}…`)).toBeInTheDocument();
  });
});

describe('the definition', () => {
  it('is shown when visible', async () => {
    open(characterProfileFixture());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Brave, curious and loyal to her crew.')).toBeInTheDocument();
    expect(screen.queryByText(/keeps the personality/)).not.toBeInTheDocument();
  });

  it('is hidden from others when definition_hidden, the greeting staying', async () => {
    open(characterProfileFixture({ definition_visible: false, definition_hidden: true, persona: '', scenario: null, dialogue: null }));
    await screen.findByRole('heading', { level: 1 });
    expect(heading('Greeting')).toBeInTheDocument();
    for (const name of ['Personality', 'Scenario', 'Example Dialogues']) expect(heading(name)).not.toBeInTheDocument();
    expect(screen.getByText('The creator keeps the personality, scenario and example dialogues of this chatbot private.')).toBeInTheDocument();
  });

  it('stays hidden when the answer is inconsistent (definition not visible, viewer not the creator)', async () => {
    open(characterProfileFixture({ definition_visible: false, definition_hidden: false }));
    await screen.findByRole('heading', { level: 1 });
    expect(heading('Personality')).not.toBeInTheDocument();
  });

  it('is shown to the creator even when not visible to others', async () => {
    open(characterProfileFixture({ definition_visible: false, definition_hidden: false, viewer: { is_creator: true, is_favorite: false, rating: null, creator_blocked: false } }));
    await screen.findByRole('heading', { level: 1 });
    for (const name of ['Personality', 'Scenario', 'Example Dialogues']) expect(heading(name)).toBeInTheDocument();
  });
});

describe('the creator', () => {
  it('sees Edit Chatbot instead of Favorite, Rate, Report and Block Creator', async () => {
    open(characterProfileFixture({ viewer: { is_creator: true, is_favorite: false, rating: null, creator_blocked: false } }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Edit Chatbot' })).toHaveAttribute('href', '/chatbot/edit/bot1');
    expect(screen.queryByRole('button', { name: 'Favorite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rate/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block Creator' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suggest Tags' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat Now' })).toBeInTheDocument();
  });

  it('of a group chat edits it in the group chat editor', async () => {
    open(characterProfileFixture({ type: 'group', viewer: { is_creator: true, is_favorite: false, rating: null, creator_blocked: false } }), { group: true });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Edit Chatbot' })).toHaveAttribute('href', '/groupchat/edit?id=bot1');
  });
});

describe('favourite', () => {
  it('asks a guest to sign in, sending nothing', async () => {
    const store = open(characterProfileFixture(), { member: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Favorite' }));
    expect(store.getState().session.signInPrompt).toEqual({ open: true, returnTo: '/chatbot/bot1' });
    expect(fake!.callsTo('PUT /characters/bot1/favorite')).toHaveLength(0);
  });

  it('toggles for a member', async () => {
    open(characterProfileFixture(), {
      handlers: {
        'PUT /characters/bot1/favorite': { body: { character_id: 'bot1', is_favorite: true, num_favorites: 43 } },
        'DELETE /characters/bot1/favorite': { body: { character_id: 'bot1', is_favorite: false, num_favorites: 42 } },
      },
    });
    const button = await screen.findByRole('button', { name: 'Favorite' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(screen.getByText('43')).toBeInTheDocument());
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(fake!.callsTo('PUT /characters/bot1/favorite')).toHaveLength(1);
    expect(fake!.callsTo('DELETE /characters/bot1/favorite')).toHaveLength(1);
  });

  it('at the limit shows the spec message in an error modal and undoes the like', async () => {
    let release: (() => void) | undefined;
    open(characterProfileFixture(), {
      handlers: {
        'PUT /characters/bot1/favorite': async () => {
          await new Promise<void>((resolve) => (release = resolve));
          return {
            status: 409,
            body: { error: { code: 'character_favorite_limit', message: 'limit', details: { character_favorite_limit: 250 } } },
          };
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Favorite' });
    await userEvent.click(button);
    // Shown at once, while the call is still out…
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('43')).toBeInTheDocument();
    // The handler is holding the answer (release is set once it runs, after the call is recorded).
    await waitFor(() => expect(release).toBeDefined());
    expect(fake!.callsTo('PUT /characters/bot1/favorite')).toHaveLength(1);
    await act(async () => release!());
    // …and undone with the error modal.
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(
      "Oops! You've reached your limit of 250 favorite bots. To add more, please consider removing some from your current list.",
    );
    // The optimistic like is undone (RTK Query rolls the cache patch back as the call settles).
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('42')).toBeInTheDocument();
    // Its footer button (the × in the corner has the same name).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('shows the server message for other errors', async () => {
    open(characterProfileFixture(), { handlers: { 'PUT /characters/bot1/favorite': { status: 500, body: apiErrorBody('internal_error', 'The server stumbled') } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Favorite' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('The server stumbled');
  });
});

describe('share', () => {
  it('copies the link of a public bot', async () => {
    const user = userEvent.setup();
    const store = open(characterProfileFixture());
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(notifications(store)).toContain('Copied to clipboard'));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/chatbot/bot1`);
  });

  const others = { is_creator: false, is_favorite: false, rating: null, creator_blocked: false };
  it.each([
    ['a public bot', true, characterProfileFixture()],
    ['an unlisted bot', true, characterProfileFixture({ visibility: 'hidden' })],
    ['a private bot (its creator)', false, characterProfileFixture({ visibility: 'private', viewer: { ...others, is_creator: true } })],
    ['a bot whose creator is blocked', false, characterProfileFixture({ viewer: { ...others, creator_blocked: true } })],
  ] as const)('for %s: offered %p', async (_what, shown, profile) => {
    open(profile);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Share' }) !== null).toBe(shown);
  });

  it('is hidden in partner mode, as is Report', async () => {
    open(characterProfileFixture(), {
      deployment: deploymentFixture({ kind: 'partner', partner: { enabled: true, hiddenFeatures: ['share', 'report', 'token_counts'] } }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.queryByText('Tokens')).not.toBeInTheDocument();
  });
});

describe('report and block', () => {
  it('offers Report to guests and hides Block Creator from them', async () => {
    open(characterProfileFixture(), { member: false });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/report/bot1');
    expect(screen.queryByRole('button', { name: 'Block Creator' })).not.toBeInTheDocument();
  });

  it('blocks the creator after the confirmation, then tells the member how to chat again', async () => {
    let blocked = false;
    const store = open(() => ({ body: characterProfileFixture({ viewer: { is_creator: false, is_favorite: false, rating: null, creator_blocked: blocked } }) }), {
      handlers: {
        'PUT /users/blocked-creators/creator1': () => {
          blocked = true;
          return { body: { blocked: [{ id: 'creator1', username: 'starwright' }] } };
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Block Creator' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Creator' });
    expect(fake!.callsTo('PUT /users/blocked-creators/creator1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(
      await screen.findByText('You have blocked the creator of this character. Please unblock creator to use this character.'),
    ).toBeInTheDocument();
    expect(notifications(store)).toContain('@starwright blocked');
    expect(screen.queryByRole('link', { name: 'Chat Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock Creator' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});

describe('rating', () => {
  it('has Done disabled until a new choice, then submits it', async () => {
    const store = open(characterProfileFixture(), {
      handlers: { 'PUT /characters/bot1/rating': { body: { character_id: 'bot1', rating: 3, rating_score: 0.9 } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rate' }));
    const dialog = screen.getByRole('dialog', { name: 'Rate Chatbot' });
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Like' }));
    expect(done).toBeEnabled();
    await userEvent.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake!.callsTo('PUT /characters/bot1/rating')[0]?.body).toEqual({ rating: 3 });
    expect(notifications(store)).toContain('Rating Submitted');
    expect(screen.getByRole('button', { name: 'Rated: Like' })).toBeInTheDocument();
    expect(screen.getByText('90%')).toBeInTheDocument();
  });

  it('keeps Done disabled for the current rating and says when it fails', async () => {
    const store = open(characterProfileFixture({ viewer: { is_creator: false, is_favorite: false, rating: 5, creator_blocked: false } }), {
      handlers: { 'PUT /characters/bot1/rating': { status: 500, body: apiErrorBody('internal_error', 'no') } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rated: Love' }));
    const dialog = screen.getByRole('dialog', { name: 'Rate Chatbot' });
    expect(within(dialog).getByRole('radio', { name: 'Love' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Dislike' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(notifications(store)).toContain('Failed to submit rating'));
  });
});

describe('avatar', () => {
  const nsfw = characterProfileFixture({ avatar_is_nsfw: true, is_nsfw: true });

  it('is blurred for guests', async () => {
    open(nsfw, { member: false });
    expect(await screen.findByRole('img', { name: 'Captain Mira (NSFW, hidden)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show NSFW/ })).not.toBeInTheDocument();
  });

  it('is blurred for members with the blur setting and clear without it', async () => {
    open(nsfw, { handlers: { 'GET /v2/users': { body: apiUserFixture() } } });
    expect(await screen.findByRole('img', { name: 'Captain Mira (NSFW, hidden)' })).toBeInTheDocument();
    fake!.restore();
    open(nsfw, {
      handlers: { 'GET /v2/users': { body: apiUserFixture({ settings: { ...apiUserFixture().settings, blurNSFW: false } }) } },
    });
    expect(await screen.findByRole('img', { name: 'Captain Mira' })).toBeInTheDocument();
  });
});

describe('states', () => {
  it('shows the not found state for a private or missing bot', async () => {
    open({ status: 404, body: apiErrorBody('not_found', 'Not found') });
    expect(await screen.findByRole('heading', { name: 'This page is gone.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('offers Try Again after a failure', async () => {
    let calls = 0;
    open(() => (++calls === 1 ? { status: 500, body: apiErrorBody('internal_error', 'boom') } : { body: characterProfileFixture() }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Captain Mira' })).toBeInTheDocument();
  });
});

describe('group chat', () => {
  it('lists the sub-characters with links to their profiles', async () => {
    open(
      characterProfileFixture({
        type: 'group',
        sub_characters: [
          { id: 's1', name: 'Ada', avatar_url: null },
          { id: 's2', name: '<i>Bo</i>', avatar_url: '/api/avatars/bo.svg' },
        ],
      }),
      { group: true },
    );
    const section = await screen.findByRole('region', { name: 'Characters in this group' });
    expect(within(section).getByRole('link', { name: /Ada/ })).toHaveAttribute('href', '/chatbot/s1');
    expect(within(section).getByRole('link', { name: /Bo/ })).toHaveAttribute('href', '/chatbot/s2');
  });
});

describe('tag suggestion', () => {
  const appSettings = {
    body: {
      tagOptions: [
        { value: 'Fantasy', label: 'Fantasy' },
        { value: 'Romance', label: 'Romance' },
        { value: 'Sci-Fi', label: 'Sci-Fi' },
      ],
    },
  };

  it('asks for something before sending, then gives the suggestion to the API, which keeps it for this member', async () => {
    const store = open(characterProfileFixture(), { handlers: { 'GET /app-settings': appSettings } });
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest Tags' }));
    const panel = screen.getByRole('region', { name: 'Suggest tags' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Please select something !');

    await userEvent.click(await within(panel).findByRole('button', { name: 'Fantasy' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Adventure, kept' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Suggest tags' })).not.toBeInTheDocument());
    expect(notifications(store)).toContain('Thanks! Your tag suggestion is saved.');
    expect(fake!.callsTo('PUT /characters/bot1/tag-suggestion')[0]!.body).toEqual({ tags_to_add: ['Fantasy'], tags_to_remove: ['Adventure'] });
    expect(window.localStorage.getItem('fable.tagSuggestions')).toBeNull();
    expect(await screen.findByTestId('pending-tag-suggestion')).toHaveTextContent('Adding Fantasy · Removing Adventure');

    // Discard drops it (both lists empty).
    await userEvent.click(screen.getByRole('button', { name: 'Suggest Tags' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Suggest tags' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('pending-tag-suggestion')).not.toBeInTheDocument());
    expect(fake!.callsTo('PUT /characters/bot1/tag-suggestion')[1]!.body).toEqual({ tags_to_add: [], tags_to_remove: [] });
  });

  it('shows the pending suggestion the API keeps (another device), and says when sending fails', async () => {
    const store = open(characterProfileFixture(), {
      handlers: {
        'GET /app-settings': appSettings,
        'GET /characters/bot1/tag-suggestion': {
          body: { suggestion: { character_id: 'bot1', tags_to_add: ['Romance'], tags_to_remove: [], suggested_at: '2026-11-20T10:00:00.000Z' } },
        },
        'PUT /characters/bot1/tag-suggestion': { status: 500, body: { error: { code: 'internal', message: 'boom' } } },
      },
    });
    expect(await screen.findByTestId('pending-tag-suggestion')).toHaveTextContent('Adding Romance');
    await userEvent.click(screen.getByRole('button', { name: 'Suggest Tags' }));
    const panel = screen.getByRole('region', { name: 'Suggest tags' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Fantasy' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notifications(store)).toContain("Suggestions didn't sent !"));
    expect(screen.getByRole('region', { name: 'Suggest tags' })).toBeInTheDocument();
  });

  it('is for members: a guest sees no Suggest Tags', async () => {
    open(characterProfileFixture(), { member: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Captain Mira' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suggest Tags' })).not.toBeInTheDocument();
  });

  it('keeps at most 12 tags', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `Tag${i + 1}`);
    open(characterProfileFixture({ tags: twelve }), { handlers: { 'GET /app-settings': appSettings } });
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest Tags' }));
    const panel = screen.getByRole('region', { name: 'Suggest tags' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Fantasy' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('You can keep only 12 tags !');
    expect(within(panel).getByRole('button', { name: 'Fantasy' })).toHaveAttribute('aria-pressed', 'false');
    // Removing one makes room.
    await userEvent.click(within(panel).getByRole('button', { name: 'Tag1, kept' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Fantasy' }));
    expect(within(panel).getByRole('button', { name: 'Fantasy, added' })).toHaveAttribute('aria-pressed', 'true');
  });
});
