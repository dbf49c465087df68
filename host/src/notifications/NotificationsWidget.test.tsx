import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { MemberNotification } from '@fable/contracts';
import { signedIn } from '@fable/shared';
import { deploymentFixture, mockApi, storeWith } from '@fable/shared/testing';
import { renderShell } from '../testing/renderShell';
import { NotificationsWidget } from './NotificationsWidget';
import { timeAgo } from './notificationsTexts';

let fake: ReturnType<typeof mockApi>;
afterEach(() => fake?.restore());

const notice = (over: Partial<MemberNotification>): MemberNotification => ({
  id: 'n1',
  kind: 'report_outcome',
  title: 'Your report about Harbour Guide',
  body: 'We reviewed it and asked the creator to fix the chatbot.',
  link: '/chatbot/c1',
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  ...over,
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function render(items: MemberNotification[]) {
  let unread = items.filter((n) => !n.read).length;
  fake = mockApi({
    overrides: {
      'GET /notifications': () => ({ body: { items, unread, next_before: null } }),
      'POST /notifications/read': (call) => {
        const ids = (call.body as { ids?: string[] }).ids ?? items.map((n) => n.id);
        for (const n of items) if (ids.includes(n.id)) n.read = true;
        unread = items.filter((n) => !n.read).length;
        return { body: { unread } };
      },
    },
  });
  const store = storeWith(deploymentFixture());
  store.dispatch(signedIn({ user: { id: 'u1', username: 'ada', name: 'Ada', avatarUrl: null, tier: 'free', roles: [] }, permissions: [] }));
  return renderShell(
    <>
      <NotificationsWidget />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { store, route: '/' },
  );
}

it('shows the unread count on the bell, lists the notifications, and opening one marks it read and follows its link', async () => {
  render([notice({}), notice({ id: 'n2', title: 'Your subscription is active', link: '/portal', read: true })]);
  const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  await userEvent.click(bell);
  const panel = screen.getByRole('dialog', { name: 'Notifications' });
  expect(within(panel).getAllByText('5 min ago')).toHaveLength(2);
  await userEvent.click(within(panel).getByRole('button', { name: /Your report about Harbour Guide/ }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/chatbot/c1'));
  expect(fake.callsTo('POST /notifications/read')[0]!.body).toEqual({ ids: ['n1'] });
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
});

it('says so when there is nothing yet, and closes with Escape', async () => {
  render([]);
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
  expect(screen.getByText('No notifications yet')).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
});

it('marks all read', async () => {
  render([notice({}), notice({ id: 'n2' })]);
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
  expect(fake.callsTo('POST /notifications/read')[0]!.body).toEqual({ all: true });
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
});

it('says how long ago, in minutes, hours and days', () => {
  const now = Date.parse('2026-12-04T12:00:00Z');
  expect(timeAgo('2026-12-04T11:59:40Z', now)).toBe('just now');
  expect(timeAgo('2026-12-04T09:00:00Z', now)).toBe('3 h ago');
  expect(timeAgo('2026-12-02T12:00:00Z', now)).toBe('2 d ago');
});
