import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, useNavigate } from '@fable/shared';
import type { FakeCall } from '@fable/shared/testing';
import { characterFixture, searchResultFixture } from '../testing/characterFixture';
import { location, renderDiscovery, type DiscoverySetup } from '../testing/renderDiscovery';
import { ExternalHomePage, HomePage } from './HomePage';

const SEARCH = 'GET /characters/search';
const RECOMMEND = 'GET /recommendations';

function WithBack({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <>
      <Button onClick={() => navigate(-1)}>test back</Button>
      {children}
    </>
  );
}

const hits = (n: number, prefix = 'h') => Array.from({ length: n }, (_, i) => characterFixture({ id: `${prefix}${i + 1}`, name: `${prefix.toUpperCase()}ot ${i + 1}` }));

function renderHome(setup: DiscoverySetup = {}, page = <HomePage />) {
  return renderDiscovery(<WithBack>{page}</WithBack>, {
    ...setup,
    handlers: {
      [SEARCH]: { body: searchResultFixture(hits(3)) },
      [RECOMMEND]: { body: { hits: [], recommId: 'none' } },
      ...setup.handlers,
    },
  });
}

const searches = (fake: { callsTo: (key: string) => FakeCall[] }) => fake.callsTo(SEARCH).map((c) => c.query);
const lastSearch = (fake: { callsTo: (key: string) => FakeCall[] }) => searches(fake).at(-1);
const cardNames = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-labelledby') && a.querySelector('h3')?.textContent);

beforeEach(() => {
  window.localStorage.clear();
  window.scrollTo = jest.fn();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the listing frame', () => {
  it('has the texts of the spec', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Dive into endless fantasies - start searching!')).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['Trending', 'Top Rated', 'Popular', 'Latest', 'Name']);
    expect(screen.getByRole('button', { name: 'Tags' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'NSFW' })).toBeInTheDocument();
    // Without the first-time flag there is no picker.
    expect(screen.queryByText("I'm interested in...")).not.toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });

  it('shows skeletons while loading, then the cards and the abbreviated result count', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    renderHome({
      handlers: {
        [SEARCH]: async () => {
          await gate;
          return { body: searchResultFixture(hits(2), { found: 12_345 }) };
        },
      },
    });
    expect(screen.getByRole('status', { name: 'Loading chatbots' })).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('12.3k chatbots')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: 'Result pages' })).toBeInTheDocument();
  });

  it('searches with the defaults: popular, page 1, SFW', async () => {
    const { fake } = renderHome();
    await screen.findAllByRole('article');
    expect(lastSearch(fake)).toEqual({ sort: 'popular', page: '1' });
  });

  it('shows the empty state', async () => {
    renderHome({ handlers: { [SEARCH]: { body: searchResultFixture([]) } } });
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.getByText('Try clearing your filters or use another keyword')).toBeInTheDocument();
  });

  it('shows the search failure with Try Again, which searches again', async () => {
    let fail = true;
    const { fake } = renderHome({
      handlers: { [SEARCH]: () => (fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: searchResultFixture(hits(1)) }) },
    });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Something went wrong');
    expect(failure).toHaveTextContent('Refresh the page or try again later');
    fail = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(fake.callsTo(SEARCH).length).toBeGreaterThanOrEqual(2);
  });

  it('adds the offline toast when the search fails offline', async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { store } = renderHome({ handlers: { [SEARCH]: 'network-error' } });
    await screen.findByRole('alert');
    expect(store.getState().notifications.items.map((n: { message: string }) => n.message)).toContain(
      'Network Connection Unavailable. Check Your Connection and Try Again.',
    );
    online.mockRestore();
  });
});

describe('search box (debounced 300 ms) and the URL', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('searches 300 ms after typing stops, once, and puts the search in the URL', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { fake } = renderHome();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    const before = fake.callsTo(SEARCH).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search chatbots' }), '@story');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(299);
    });
    expect(fake.callsTo(SEARCH)).toHaveLength(before);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(location()).toBe('/?q=%40story');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(fake.callsTo(SEARCH)).toHaveLength(before + 1);
    expect(lastSearch(fake)).toMatchObject({ q: '@story', page: '1' });
  });

  it('searches at once on Enter', async () => {
    const { fake } = renderHome();
    await screen.findAllByRole('article');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chatbots' }), 'elf{Enter}');
    expect(location()).toBe('/?q=elf');
    await waitFor(() => expect(lastSearch(fake)).toMatchObject({ q: 'elf' }));
  });

  it('starts from the URL (reload, shared link)', async () => {
    const { fake } = renderHome({ url: '/?q=elf&sort=latest&page=2&tags=Fantasy&exclude=Horror' });
    expect(screen.getByRole('searchbox', { name: 'Search chatbots' })).toHaveValue('elf');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('latest');
    await screen.findAllByRole('article');
    expect(lastSearch(fake)).toEqual({ q: 'elf', sort: 'latest', page: '2', include_tags: 'Fantasy', exclude_tags: 'Horror' });
  });

  it('changes the sort in the URL, back to page 1, and back/forward restores it', async () => {
    const { fake } = renderHome({ url: '/?page=3' });
    await screen.findAllByRole('article');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Top Rated');
    expect(location()).toBe('/?sort=top_rated');
    await waitFor(() => expect(lastSearch(fake)).toEqual({ sort: 'top_rated', page: '1' }));
    await userEvent.click(screen.getByRole('button', { name: 'test back' }));
    expect(location()).toBe('/?page=3');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popular');
  });

  it('shows the URL search in the box after back/forward', async () => {
    renderHome({ url: '/?q=elf' });
    await screen.findAllByRole('article');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search chatbots' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chatbots' }), 'orc{Enter}');
    expect(location()).toBe('/?q=orc');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    await userEvent.click(screen.getByRole('button', { name: 'test back' }));
    expect(location()).toBe('/?q=orc');
    expect(screen.getByRole('searchbox', { name: 'Search chatbots' })).toHaveValue('orc');
  });

  it('moves between pages of 48', async () => {
    const { fake } = renderHome({ handlers: { [SEARCH]: { body: searchResultFixture(hits(3), { found: 100 }) } } });
    await screen.findAllByRole('article');
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(location()).toBe('/?page=2');
    await waitFor(() => expect(lastSearch(fake)).toMatchObject({ page: '2' }));
    expect(window.scrollTo).toHaveBeenCalled();
  });
});

describe('tag filter panel', () => {
  const facets = {
    tags: [
      { value: 'Fantasy', count: 1200 },
      { value: 'Romance', count: 40 },
    ],
    translated_languages: [{ value: 'fr', count: 3 }],
  };

  it('includes, excludes and resets tags with the answer’s counts, in the URL', async () => {
    const { fake } = renderHome({ handlers: { [SEARCH]: { body: searchResultFixture(hits(2), { facets }) } } });
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Tags' }));
    const panel = await screen.findByRole('region', { name: 'Tags' });
    expect(within(panel).getByText('Include')).toBeInTheDocument();
    expect(within(panel).getByText('Exclude')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Reset' })).toBeDisabled();
    const all = within(panel).getByRole('list', { name: 'All tags' });
    await userEvent.click(within(all).getByRole('button', { name: 'Fantasy (1.2k)' }));
    expect(location()).toBe('/?tags=Fantasy');
    await waitFor(() => expect(lastSearch(fake)).toMatchObject({ include_tags: 'Fantasy' }));
    await userEvent.click(within(all).getByRole('button', { name: 'Fantasy (1.2k), included' }));
    expect(location()).toBe('/?exclude=Fantasy');
    await waitFor(() => expect(lastSearch(fake)).toMatchObject({ exclude_tags: 'Fantasy' }));
    expect(screen.getByRole('button', { name: /Tags/ })).toHaveAccessibleName('Tags 1 active');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset' }));
    expect(location()).toBe('/');
    // Language filter is off without its flag.
    expect(within(panel).queryByText('Languages')).not.toBeInTheDocument();
  });

  it('closes as a drawer with Escape', async () => {
    renderHome();
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Tags' }));
    // On narrow screens the drawer takes the focus; press Escape inside it.
    within(await screen.findByRole('region', { name: 'Tags' })).getByRole('searchbox', { name: 'Find a tag' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Tags' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tags' })).toHaveAttribute('aria-expanded', 'false');
    // A tap on the dimmed page closes it too.
    await userEvent.click(screen.getByRole('button', { name: 'Tags' }));
    await screen.findByRole('region', { name: 'Tags' });
    await userEvent.click(screen.getByTestId('tag-drawer-backdrop'));
    expect(screen.queryByRole('region', { name: 'Tags' })).not.toBeInTheDocument();
  });

  it('filters by language when the flag is on', async () => {
    const { fake } = renderHome({ flags: { language_filter: true }, handlers: { [SEARCH]: { body: searchResultFixture(hits(2), { facets }) } } });
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Tags' }));
    const languages = within(await screen.findByRole('region', { name: 'Tags' })).getByRole('list', { name: 'Languages' });
    await userEvent.click(within(languages).getByRole('button', { name: 'Français (3)' }));
    expect(location()).toBe('/?lang=fr');
    await waitFor(() => expect(lastSearch(fake)).toMatchObject({ languages: 'fr' }));
  });

  it('saves a member’s selection 2 s after the last change', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { fake } = renderHome({
      member: true,
      handlers: { [SEARCH]: { body: searchResultFixture(hits(2), { facets }) }, 'PATCH /v2/users': (call) => ({ body: { ...(call.body as object) } }) },
    });
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Tags' }));
    const all = within(await screen.findByRole('region', { name: 'Tags' })).getByRole('list', { name: 'All tags' });
    await user.click(within(all).getByRole('button', { name: 'Fantasy (1.2k)' }));
    await user.click(within(all).getByRole('button', { name: 'Romance (40)' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1999);
    });
    expect(fake.callsTo('PATCH /v2/users')).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(fake.callsTo('PATCH /v2/users')).toHaveLength(1);
    expect(fake.callsTo('PATCH /v2/users')[0]?.body).toEqual({ settings: { selectedTags: ['Fantasy', 'Romance'], selectedLanguages: [] } });
  });

  it('puts a member’s saved tags back on the bare home page', async () => {
    const { fake } = renderHome({ member: { selectedTags: ['Romance'] } });
    await waitFor(() => expect(location()).toBe('/?tags=Romance'));
    await waitFor(() => expect(lastSearch(fake)).toMatchObject({ include_tags: 'Romance' }));
  });
});

describe('NSFW toggle (document 1 §1, §6)', () => {
  it('gives guests the create-account prompt, and does not switch', async () => {
    const { store } = renderHome();
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('switch', { name: 'NSFW' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register for Free' });
    expect(dialog).toHaveTextContent('Only an email is required.');
    // hidden: the switch is behind the open dialog, which hides the page from assistive technology.
    expect(screen.getByRole('switch', { name: 'NSFW', hidden: true })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Free Account' }));
    expect(store.getState().session.signInPrompt.open).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends members without explicit content to the profile (Cancel / Go to Profile)', async () => {
    renderHome({ member: { showNSFW: false } });
    await screen.findAllByRole('article');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'NSFW' })).toBeEnabled());
    await userEvent.click(screen.getByRole('switch', { name: 'NSFW' }));
    let dialog = await screen.findByRole('dialog', { name: 'NSFW Content' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'NSFW' }));
    dialog = await screen.findByRole('dialog', { name: 'NSFW Content' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to Profile' }));
    expect(location()).toBe('/profile');
  });

  it('toggles for members with explicit content, remembered on this device', async () => {
    const { fake, unmount } = renderHome({ member: { showNSFW: true } });
    await screen.findAllByRole('article');
    const sw = screen.getByRole('switch', { name: 'NSFW' });
    await waitFor(() => expect(sw).toBeEnabled());
    await userEvent.click(sw);
    expect(sw).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(lastSearch(fake)).toMatchObject({ nsfw: '1' }));
    expect(window.localStorage.getItem('fable.nsfwMode')).toBe('true');
    unmount();
    const again = renderHome({ member: { showNSFW: true } });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'NSFW' })).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() => expect(lastSearch(again.fake)).toMatchObject({ nsfw: '1' }));
    // Only once, with the settings known: never a first search without NSFW.
    expect(searches(again.fake).every((q) => q.nsfw === '1')).toBe(true);
  });

  it('is hidden in partner mode, which stays safe for work', async () => {
    window.localStorage.setItem('fable.nsfwMode', 'true');
    const { fake } = renderHome({ partner: true, member: { showNSFW: true } });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('switch', { name: 'NSFW' })).not.toBeInTheDocument();
    expect(lastSearch(fake)?.nsfw).toBeUndefined();
  });
});

describe('first-time interest picker', () => {
  it('shows once when the flag is on; the choice feeds the recommendations', async () => {
    const { fake, unmount } = renderHome({ flags: { first_time_interest_modal: true } });
    const dialog = await screen.findByRole('dialog', { name: "I'm interested in..." });
    expect(within(dialog).getByRole('button', { name: 'Jump In' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Female' }));
    expect(within(dialog).getByRole('button', { name: 'Female' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Non-Binary' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Chatting' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('fable.interests') ?? '[]')).toEqual(['Female', 'Non-Binary']);
    await waitFor(() => expect(fake.callsTo(RECOMMEND).at(-1)?.query).toMatchObject({ interests: 'Female,Non-Binary' }));
    unmount();
    renderHome({ flags: { first_time_interest_modal: true } });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens over the listing once it has answered, not before (its chunk does not compete with the first cards)', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The picker's chunk already here: only the listing's answer may hold the dialog back.
    await import('./InterestPicker');
    renderHome({ flags: { first_time_interest_modal: true }, handlers: { [SEARCH]: async () => (await answered, { body: searchResultFixture(hits(8)) }) } });
    await screen.findByRole('region', { name: 'Chatbots' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    release();
    await screen.findByRole('dialog', { name: "I'm interested in..." });
    // the cards are there, behind the modal dialog (hidden from the accessibility tree while it is open)
    expect(screen.getAllByRole('article', { hidden: true })).toHaveLength(8);
  });

  it('can be skipped with Jump In', async () => {
    renderHome({ flags: { first_time_interest_modal: true } });
    const dialog = await screen.findByRole('dialog', { name: "I'm interested in..." });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Male' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Male' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Jump In' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('fable.interests') ?? 'null')).toEqual([]);
  });
});

describe('recommendations in the first page (document 1 §7)', () => {
  const recs = [
    characterFixture({ id: 'r1', name: 'Rec 1', recommId: 'R' }),
    characterFixture({ id: 'h1', name: 'Hot 1', recommId: 'R' }), // already a hit
    characterFixture({ id: 'r2', name: 'Rec 2', recommId: 'R', creator_user_id: 'blocked' }),
  ];
  const withRecs = (extra: DiscoverySetup = {}) =>
    renderHome({
      ...extra,
      handlers: {
        [SEARCH]: { body: searchResultFixture(hits(8)) },
        [RECOMMEND]: { body: { hits: recs, recommId: 'R' } },
        ...extra.handlers,
      },
    });

  it('injects them, without duplicates or blocked creators, asking for the home scenario', async () => {
    const { fake } = withRecs({ member: { blockedUsers: ['blocked'] } });
    await waitFor(() => expect(screen.getByRole('article', { name: 'Rec 1' })).toBeInTheDocument());
    expect(screen.getAllByRole('article', { name: 'Hot 1' })).toHaveLength(1);
    expect(screen.queryByRole('article', { name: 'Rec 2' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Rec 1' })).getByText('For you')).toBeInTheDocument();
    expect(cardNames().indexOf('Rec 1')).toBe(4);
    expect(fake.callsTo(RECOMMEND)[0]?.query).toMatchObject({ scenario: 'home', count: '12' });
  });

  it('asks for the external scenario on /external', async () => {
    const { fake } = renderDiscovery(<ExternalHomePage />, {
      url: '/external',
      path: '/external',
      handlers: { [SEARCH]: { body: searchResultFixture(hits(2)) }, [RECOMMEND]: { body: { hits: [], recommId: 'R' } } },
    });
    await waitFor(() => expect(fake.callsTo(RECOMMEND)).toHaveLength(1));
    expect(fake.callsTo(RECOMMEND)[0]?.query).toMatchObject({ scenario: 'external' });
  });

  it('not with a search, another sort, or another page', async () => {
    for (const url of ['/?q=elf', '/?sort=latest', '/?page=2']) {
      const { fake, unmount } = withRecs({ url });
      await screen.findAllByRole('article');
      expect(fake.callsTo(RECOMMEND)).toHaveLength(0);
      expect(screen.queryByRole('article', { name: 'Rec 1' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('not when the filters were changed less than 5 minutes ago', async () => {
    window.localStorage.setItem('fable.filtersChangedAt', String(Date.now() - 60_000));
    const { fake } = withRecs();
    await screen.findAllByRole('article');
    expect(fake.callsTo(RECOMMEND)).toHaveLength(0);
  });

  it('not when there are no hits', async () => {
    withRecs({ handlers: { [SEARCH]: { body: searchResultFixture([]) } } });
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('reuses them for 20 minutes from this device', async () => {
    const first = withRecs();
    await waitFor(() => expect(screen.getByRole('article', { name: 'Rec 1' })).toBeInTheDocument());
    expect(first.fake.callsTo(RECOMMEND)).toHaveLength(1);
    first.unmount();
    const second = withRecs();
    await waitFor(() => expect(screen.getByRole('article', { name: 'Rec 1' })).toBeInTheDocument());
    expect(second.fake.callsTo(RECOMMEND)).toHaveLength(0);
    second.unmount();
    const cached = JSON.parse(window.localStorage.getItem('fable.recommendations.home.sfw') ?? '{}') as { savedAt: number };
    window.localStorage.setItem('fable.recommendations.home.sfw', JSON.stringify({ ...cached, savedAt: Date.now() - 20 * 60_000 - 1 }));
    const third = withRecs();
    await waitFor(() => expect(third.fake.callsTo(RECOMMEND)).toHaveLength(1));
  });

  it('shows the listing when the recommender fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    withRecs({ handlers: { [RECOMMEND]: { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } } });
    expect(await screen.findAllByRole('article')).toHaveLength(8);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});

describe('a search using a negative keyword (document 1 §5)', () => {
  it('is flagged with the alternatives of the app settings, each a search of its own', async () => {
    const { fake } = renderHome({
      url: '/?q=shy%20teen%20vampire',
      handlers: { 'GET /app-settings': { body: { negativeKeywords: [{ keyword: 'teen', alternatives: ['young adult', 'college student'] }] } } },
    });
    const hint = (await screen.findByText('“teen” is not something we search for.')).closest('p')!;
    expect(hint).toHaveAttribute('role', 'status');
    await userEvent.click(within(hint).getByRole('button', { name: 'young adult' }));
    await waitFor(() => expect(lastSearch(fake)).toMatchObject({ q: 'shy young adult vampire' }));
    await waitFor(() => expect(screen.queryByText('“teen” is not something we search for.')).not.toBeInTheDocument());
  });

  it('asks nothing of the app settings until someone searches', async () => {
    const { fake } = renderHome();
    await screen.findAllByRole('article');
    expect(fake.callsTo('GET /app-settings')).toHaveLength(0);
  });
});
