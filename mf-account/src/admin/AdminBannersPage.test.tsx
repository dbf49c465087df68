import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiErrorBody } from '@fable/shared/testing';
import routes from '../routes';
import { adminBannerFixture, openBannersPage } from './adminBannersTesting';
import { ADMIN_BANNERS_TEXTS as T } from './adminBannersTexts';
import { whenOf } from './bannerSummary';

const live = adminBannerFixture({ status: 'live' });
const ended = adminBannerFixture({ id: '0b7f1a52-3c1e-4f7a-9d2b-5e6f7a8b9c02', banner: { ...live.banner, name: 'Spring sale' }, status: 'ended' });

it('is the page of the remote.json’s adminBanners id', () => {
  expect(routes.pages.adminBanners).toBeDefined();
});

it('lists the banners: name, placement, status, when in local time, who sees them and the figures', async () => {
  openBannersPage({ 'GET /admin/banners': { body: { items: [live, ended] } } });
  expect(screen.getByRole('status', { name: T.loading })).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: T.listLabel });
  const [first, second] = within(list).getAllByRole('listitem');
  expect(within(first!).getByRole('heading', { name: 'Summer sale' })).toBeInTheDocument();
  expect(within(first!).getByText('Live')).toBeInTheDocument();
  expect(within(first!).getByText('Top')).toBeInTheDocument();
  expect(within(first!).getByText(whenOf(live))).toBeInTheDocument();
  expect(within(first!).getByText('Members on the Basic or Premium tiers, in every application, on the home and chats screens.')).toBeInTheDocument();
  expect(within(first!).getByText('120 views · 7 closes · 1 click by @ada')).toBeInTheDocument();
  expect(within(first!).getByRole('button', { name: 'Edit Summer sale' })).toBeInTheDocument();
  // An ended banner is kept with its figures, but can be neither changed nor ended.
  expect(within(second!).getByText('Ended')).toBeInTheDocument();
  expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
});

it('says when there is no banner yet', async () => {
  openBannersPage({ 'GET /admin/banners': { body: { items: [] } } });
  expect(await screen.findByRole('heading', { name: T.empty })).toBeInTheDocument();
});

it('says when the list could not be loaded, and Retry loads it again', async () => {
  let fail = true;
  openBannersPage({
    'GET /admin/banners': () => (fail ? { status: 500, body: apiErrorBody('internal_error', 'Down') } : { body: { items: [live] } }),
  });
  expect(await screen.findByRole('heading', { name: T.failed })).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: T.retry }));
  expect(await screen.findByRole('heading', { name: 'Summer sale' })).toBeInTheDocument();
});

it('ends a banner after the confirmation', async () => {
  let items = [live];
  const { fake: api } = openBannersPage({
    'GET /admin/banners': () => ({ body: { items } }),
    [`POST /admin/banners/${live.id}/end`]: () => {
      items = [{ ...live, status: 'ended' }];
      return { body: items[0] };
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'End Summer sale' }));
  const dialog = screen.getByRole('dialog', { name: T.endTitle });
  expect(dialog).toHaveAccessibleDescription(T.endMessage('Summer sale'));
  expect(api.callsTo(`POST /admin/banners/${live.id}/end`)).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: T.end }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByText('Ended')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'End Summer sale' })).not.toBeInTheDocument();
  expect(api.callsTo(`POST /admin/banners/${live.id}/end`)).toHaveLength(1);
});

it('keeps the end dialog open with the API’s reason when it refuses', async () => {
  openBannersPage({
    'GET /admin/banners': { body: { items: [live] } },
    [`POST /admin/banners/${live.id}/end`]: { status: 409, body: apiErrorBody('banner_ended', 'This banner has ended; make a new one.') },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'End Summer sale' }));
  const dialog = screen.getByRole('dialog', { name: T.endTitle });
  await userEvent.click(within(dialog).getByRole('button', { name: T.end }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This banner has ended; make a new one.');
});

it('works from the keyboard: New banner opens the form on its first field, Escape closes it back to the button', async () => {
  openBannersPage({ 'GET /admin/banners': { body: { items: [] } } });
  const open = await screen.findByRole('button', { name: T.newBanner });
  open.focus();
  await userEvent.keyboard('{Enter}');
  const dialog = screen.getByRole('dialog', { name: T.createTitle });
  expect(within(dialog).getByLabelText(T.form.name)).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(open).toHaveFocus());
});
