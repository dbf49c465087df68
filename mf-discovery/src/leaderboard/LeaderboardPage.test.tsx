import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsFor, type LeaderboardEntry, type LeaderboardResult } from '@fable/contracts';
import { becameGuest, sessionFromUser, signedIn, type AppStore } from '@fable/shared';
import {
  apiErrorBody,
  apiUserFixture,
  deploymentFixture,
  mockApi,
  partnerFixture,
  renderRoute,
  storeWith,
  type FakeHandler,
} from '@fable/shared/testing';
import { LeaderboardPage } from './LeaderboardPage';

const entry = (type: LeaderboardEntry['type'], rank: number, overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  id: `${type === 'New Bots' ? 'n' : 'a'}${rank}`,
  creator_username: `${type === 'New Bots' ? 'newbie' : 'veteran'}${rank}`,
  number_of_characters: 10 + rank,
  score: 100_000 - rank * 7_777,
  rank,
  movement: null,
  avatar_url: null,
  date: '2026-11',
  type,
  status: 'published',
  ...overrides,
});

const november: LeaderboardResult = {
  date: '2026-11',
  months: ['2026-11', '2026-10'],
  entries: [
    entry('New Bots', 1, { score: 12_345, movement: 2 }),
    entry('New Bots', 2, { movement: -1 }),
    entry('New Bots', 3),
    entry('New Bots', 4, { movement: 3 }),
    entry('New Bots', 5, { movement: -1 }),
    entry('New Bots', 6, { movement: 0, score: 999 }),
    entry('All Bots', 1),
    entry('All Bots', 2),
  ],
};

const october: LeaderboardResult = {
  date: '2026-10',
  months: ['2026-11', '2026-10'],
  entries: [entry('New Bots', 1, { id: 'oct1', creator_username: 'octoberstar', date: '2026-10' })],
};

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  fake = undefined;
});

function install(handlers: Record<string, FakeHandler>) {
  fake = mockApi({ overrides: handlers });
}

/** Answers GET /leaderboard by its ?date (November without one). */
const byMonth: FakeHandler = (call) => ({ body: call.query.date === '2026-10' ? october : november });

function open({
  who = 'member',
  url = '/creators/leaderboard',
  handlers = {},
  deployment = deploymentFixture(),
}: { who?: 'guest' | 'member' | 'admin'; url?: string; handlers?: Record<string, FakeHandler>; deployment?: ReturnType<typeof deploymentFixture> } = {}) {
  install({ 'GET /leaderboard': byMonth, ...handlers });
  const store: AppStore = storeWith(deployment);
  if (who === 'guest') store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  else if (who === 'member') store.dispatch(signedIn(sessionFromUser(apiUserFixture())));
  else store.dispatch(signedIn(sessionFromUser(apiUserFixture({ roles: ['free_tier', 'employee'], permissions: permissionsFor('free', ['employee']) }))));
  renderRoute(<LeaderboardPage />, { path: '/creators/leaderboard', url, store });
  return store;
}

/** The ?date of each GET /leaderboard asked (null without one). */
const leaderboardDates = () => fake!.callsTo('GET /leaderboard').map((call) => call.query.date ?? null);

it('shows the heading, the podium of the top 3 and the table of the rest', async () => {
  open();
  expect(screen.getByRole('heading', { level: 1, name: 'Creator Leaderboard' })).toBeInTheDocument();
  const podium = await screen.findByRole('list', { name: 'Top 3 — New Bots' });
  const steps = within(podium).getAllByRole('listitem');
  expect(steps.map((li) => within(li).getByRole('link').textContent)).toEqual(['@newbie1', '@newbie2', '@newbie3']);
  expect(within(steps[0]!).getByRole('link')).toHaveAttribute('href', '/creator/newbie1');
  expect(steps[0]).toHaveTextContent('12.3k');
  expect(steps[0]).toHaveTextContent('1st');

  const table = screen.getByRole('table', { name: 'Ranking — New Bots' });
  const rows = within(table).getAllByTestId('leaderboard-row');
  expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['4', '5', '6']);
  expect(within(rows[0]!).getByRole('link', { name: '@newbie4' })).toHaveAttribute('href', '/creator/newbie4');
  expect(rows[0]).toHaveTextContent('14');
  expect(rows[0]).toHaveTextContent('Up 3 places');
  expect(rows[1]).toHaveTextContent('Down 1 place');
  expect(rows[2]).toHaveTextContent('No change');
  expect(rows[2]).toHaveTextContent('1.0k');
  expect(within(podium).getAllByText('New')).toHaveLength(1);
});

it('switches between the two categories', async () => {
  open({ who: 'guest' });
  const tabs = await screen.findByRole('tablist', { name: 'Category' });
  expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['New Bots', 'All Bots']);
  await userEvent.click(within(tabs).getByRole('tab', { name: 'All Bots' }));
  const podium = screen.getByRole('list', { name: 'Top 3 — All Bots' });
  expect(within(podium).getAllByRole('link').map((a) => a.textContent)).toEqual(['@veteran1', '@veteran2']);
  // Two entries: no table.
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('binds the month selector to ?date and asks for that month', async () => {
  open();
  const select = await screen.findByRole('combobox', { name: 'Month' });
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['November 2026', 'October 2026']);
  expect(select).toHaveValue('2026-11');
  expect(leaderboardDates()).toEqual([null]);

  await userEvent.selectOptions(select, 'October 2026');
  expect(screen.getByTestId('location')).toHaveTextContent('/creators/leaderboard?date=2026-10');
  expect(await screen.findByRole('link', { name: '@octoberstar' })).toBeInTheDocument();
  expect(leaderboardDates().at(-1)).toBe('2026-10');
  expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('2026-10');
});

it('opens the month of the URL', async () => {
  open({ url: '/creators/leaderboard?date=2026-10' });
  expect(await screen.findByRole('link', { name: '@octoberstar' })).toBeInTheDocument();
  expect(leaderboardDates()[0]).toBe('2026-10');
});

it('says when there is no month yet', async () => {
  open({ handlers: { 'GET /leaderboard': { body: { date: null, months: [], entries: [] } } } });
  expect(await screen.findByRole('heading', { name: 'No leaderboard yet' })).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Month' })).not.toBeInTheDocument();
  expect(screen.queryByTestId('leaderboard-admin')).not.toBeInTheDocument();
});

it('offers Try Again when the leaderboard fails to load', async () => {
  let calls = 0;
  open({ handlers: { 'GET /leaderboard': () => (++calls === 1 ? { status: 500, body: apiErrorBody('internal_error', 'x') } : { body: november }) } });
  await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
  expect(await screen.findByRole('list', { name: 'Top 3 — New Bots' })).toBeInTheDocument();
});

it('is the 404 state outside the main brand', async () => {
  open({ deployment: partnerFixture() });
  expect(screen.getByRole('heading', { name: 'This page is gone.' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Creator Leaderboard' })).not.toBeInTheDocument();
  expect(fake!.calls).toHaveLength(0);
});

describe('pending entries', () => {
  const pending: LeaderboardResult = {
    date: '2026-11',
    months: ['2026-11'],
    entries: [entry('New Bots', 1, { status: 'pending' }), entry('New Bots', 2, { status: 'pending' }), entry('New Bots', 3), entry('New Bots', 4, { status: 'pending' })],
  };

  it('are hidden from members, who get no admin tools', async () => {
    open({ handlers: { 'GET /leaderboard': { body: pending } } });
    const podium = await screen.findByRole('list', { name: 'Top 3 — New Bots' });
    expect(within(podium).getAllByRole('link').map((a) => a.textContent)).toEqual(['@newbie3']);
    expect(screen.queryByTestId('pending-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compute' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('show to admins with a Pending badge, and Approve asks first, then lists the prizes', async () => {
    let status: 'pending' | 'published' = 'pending';
    open({
      who: 'admin',
      handlers: {
        'GET /leaderboard': () => ({ body: { ...pending, entries: pending.entries.map((e) => ({ ...e, status: e.status === 'pending' ? status : e.status })) } }),
        'POST /admin/leaderboard/2026-11/approve': () => {
          status = 'published';
          return {
            body: {
              date: '2026-11',
              prizes: [
                { creator_username: 'newbie1', type: 'New Bots', rank: 1, tier: 'premium', months: 1 },
                { creator_username: 'newbie4', type: 'New Bots', rank: 4, tier: 'basic', months: 1 },
              ],
            },
          };
        },
      },
    });
    const podium = await screen.findByRole('list', { name: 'Top 3 — New Bots' });
    expect(within(podium).getAllByRole('link').map((a) => a.textContent)).toEqual(['@newbie1', '@newbie2', '@newbie3']);
    expect(screen.getAllByTestId('pending-badge')).toHaveLength(3);
    expect(screen.getAllByText('Pending')[0]).toBeInTheDocument();
    expect(screen.getByText('The ranking of November 2026 is pending: only admins see it until it is approved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Leaderboard' });
    expect(fake!.callsTo('POST /admin/leaderboard/2026-11/approve')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const prizes = await screen.findByRole('heading', { name: 'Prizes granted for November 2026' });
    const list = prizes.parentElement!;
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "@newbie1 — 1 free month of I'm All In (New Bots, #1)",
      '@newbie4 — 1 free month of True Supporter (New Bots, #4)',
    ]);
    await waitFor(() => expect(screen.queryByTestId('pending-badge')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('lets an admin compute a month, then shows it', async () => {
    const store = open({
      who: 'admin',
      handlers: { 'POST /admin/leaderboard/2026-10/compute': { body: { date: '2026-10', entries: 50 } } },
    });
    const month = await screen.findByLabelText('Month to compute');
    expect(month).toHaveValue('2026-11');
    await userEvent.clear(month);
    await userEvent.type(month, '2026-10');
    await userEvent.click(screen.getByRole('button', { name: 'Compute' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/creators/leaderboard?date=2026-10'));
    expect(fake!.callsTo('POST /admin/leaderboard/2026-10/compute')).toHaveLength(1);
    expect(store.getState().notifications.items.map((n) => n.message)).toContain('50 entries computed for October 2026');
    expect(await screen.findByRole('link', { name: '@octoberstar' })).toBeInTheDocument();
  });
});
