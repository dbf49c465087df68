import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import type { ScreenBanners as Served, ServedBanner } from '@fable/contracts';
import { becameGuest } from '@fable/shared';
import { deploymentFixture, mockApi, partnerFixture, storeWith } from '@fable/shared/testing';
import { renderShell } from '../testing/renderShell';
import { ScreenBanners } from './ScreenBanners';

let fake: ReturnType<typeof mockApi>;
afterEach(() => {
  fake?.restore();
  sessionStorage.clear();
  localStorage.clear();
});

// IntersectionObserver as the browser's: the test says how much of each element is on screen.
const observed = new Map<Element, IntersectionObserverCallback>();
beforeAll(() => {
  class FakeObserver {
    private readonly elements: Element[] = [];
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      this.elements.push(element);
      observed.set(element, this.callback);
    }
    disconnect() {
      for (const element of this.elements) observed.delete(element);
    }
  }
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});
const showFraction = (element: Element, ratio: number) =>
  act(() => observed.get(element)?.([{ target: element, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry], {} as IntersectionObserver));

const banner = (over: Partial<ServedBanner>): ServedBanner => ({
  id: 'b-top',
  name: 'Summer',
  placement: 'top',
  title: { label: 'Summer stories are here' },
  description: { label: 'New chatbots every day this week.' },
  actions: [{ label: 'Browse', shape: 'pill', navigation: { type: 'internal', destination: '/recommended-bots' } }],
  platforms: [],
  closable: true,
  ...over,
});

function render(served: Served, options: { deployment?: ReturnType<typeof deploymentFixture>; route?: string } = {}) {
  fake = mockApi({ overrides: { 'GET /banners': () => ({ body: served }) } });
  const store = storeWith(options.deployment ?? deploymentFixture());
  store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  return renderShell(
    <>
      <ScreenBanners where="top" />
      <Routes>
        <Route path="/" element={<Link to="/chats">To chats</Link>} />
        <Route path="/chats" element={<Link to="/">Home</Link>} />
      </Routes>
      <ScreenBanners where="bottom" />
    </>,
    { store, route: options.route ?? '/' },
  );
}

it('shows the screen’s top and inline banners as plain text; a closed top banner stays closed for the session on that screen', async () => {
  const inline = banner({ id: 'b-inline', name: 'Inline', placement: 'inline', title: { label: '<b>Not bold</b>' }, closable: false });
  const { unmount } = render({ banners: [banner({}), inline], birthday: null });
  const top = await screen.findByRole('region', { name: 'Summer stories are here' });
  expect(top).toHaveTextContent('New chatbots every day this week.');
  expect(within(top).getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/recommended-bots');
  expect(screen.getByRole('region', { name: '<b>Not bold</b>' })).toHaveTextContent('<b>Not bold</b>');
  expect(fake.callsTo('GET /banners')[0]!.query).toEqual({ screen: 'home' });

  await userEvent.click(screen.getByRole('button', { name: 'Close banner' }));
  expect(screen.queryByRole('region', { name: 'Summer stories are here' })).not.toBeInTheDocument();
  await waitFor(() => expect(fake.callsTo('POST /banners/b-top/close')).toHaveLength(1));
  expect(fake.callsTo('POST /banners/b-top/close')[0]!.body).toEqual({ screen: 'home' });
  unmount();

  render({ banners: [banner({})], birthday: null });
  await waitFor(() => expect(fake.callsTo('GET /banners')).toHaveLength(1));
  expect(screen.queryByRole('region', { name: 'Summer stories are here' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'To chats' }));
  expect(await screen.findByRole('region', { name: 'Summer stories are here' })).toBeInTheDocument();
  expect(fake.callsTo('GET /banners').at(-1)!.query).toEqual({ screen: 'chats' });
});

it('counts a view once half of the banner is on screen, and a click on its button', async () => {
  render({ banners: [banner({ closable: false })], birthday: null });
  const top = await screen.findByRole('region', { name: 'Summer stories are here' });
  expect(screen.queryByRole('button', { name: 'Close banner' })).not.toBeInTheDocument();
  showFraction(top, 0.3);
  expect(fake.callsTo('POST /banners/b-top/view')).toHaveLength(0);
  showFraction(top, 0.5);
  showFraction(top, 1);
  await waitFor(() => expect(fake.callsTo('POST /banners/b-top/view')).toHaveLength(1));
  await userEvent.click(screen.getByRole('link', { name: 'Browse' }));
  await waitFor(() => expect(fake.callsTo('POST /banners/b-top/cta')).toHaveLength(1));
});

it('opens the screen’s popup once a session', async () => {
  const popup = banner({ id: 'b-pop', placement: 'popup', title: { label: 'Meet the new voices' }, actions: [] });
  const { unmount } = render({ banners: [popup], birthday: null });
  const dialog = await screen.findByRole('dialog', { name: 'Meet the new voices' });
  expect(dialog).toHaveTextContent('New chatbots every day this week.');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(fake.callsTo('POST /banners/b-pop/close')).toHaveLength(1));
  unmount();
  render({ banners: [popup], birthday: null });
  await waitFor(() => expect(fake.callsTo('GET /banners')).toHaveLength(1));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('shows the birthday banner linking to the sale until dismissed on this browser', async () => {
  const sale = { title: 'Birthday Sale', ends_at: '2027-02-16T00:00:00.000Z' };
  const { unmount } = render({ banners: [], birthday: sale });
  const bar = await screen.findByRole('region', { name: 'Birthday Sale' });
  expect(screen.getByRole('link', { name: 'See the offer' })).toHaveAttribute('href', '/sale');
  expect(bar).toHaveTextContent('Birthday Sale is on');
  await userEvent.click(screen.getByRole('button', { name: 'Dismiss the birthday banner' }));
  expect(screen.queryByRole('region', { name: 'Birthday Sale' })).not.toBeInTheDocument();
  unmount();
  render({ banners: [], birthday: sale });
  await waitFor(() => expect(fake.callsTo('GET /banners')).toHaveLength(1));
  expect(screen.queryByRole('region', { name: 'Birthday Sale' })).not.toBeInTheDocument();
});

it('asks for nothing in partner mode, where banners are hidden', async () => {
  const partner = partnerFixture();
  render({ banners: [banner({})], birthday: null }, { deployment: { ...partner, partner: { ...partner.partner, hiddenFeatures: ['banners'] } } });
  expect(await screen.findByRole('link', { name: 'To chats' })).toBeInTheDocument();
  expect(fake.callsTo('GET /banners')).toHaveLength(0);
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
});

it('keeps showing a placement’s banners that cannot be closed once its closable one is closed; an https button opens a new tab, a disguised one is dropped', async () => {
  const fixed = banner({
    id: 'b-fixed',
    title: { label: 'Always here' },
    closable: false,
    actions: [
      { label: 'Docs', shape: 'square', navigation: { type: 'external', destination: 'https://docs.example/' } },
      { label: 'Sneaky', shape: 'square', navigation: { type: 'internal', destination: '/\\evil.example' } },
    ],
  });
  render({ banners: [banner({}), fixed], birthday: null });
  const first = await screen.findByRole('region', { name: 'Summer stories are here' });
  await userEvent.click(within(first).getByRole('button', { name: 'Close banner' }));
  const stays = await screen.findByRole('region', { name: 'Always here' });
  expect(within(stays).getByRole('link', { name: 'Docs' })).toHaveAttribute('target', '_blank');
  expect(within(stays).queryByRole('link', { name: 'Sneaky' })).not.toBeInTheDocument();
  expect(within(stays).queryByRole('button', { name: 'Close banner' })).not.toBeInTheDocument();
});
