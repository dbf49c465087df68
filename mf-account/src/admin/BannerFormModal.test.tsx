import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BANNER_MESSAGES, type AdminBanner } from '@fable/contracts';
import { apiErrorBody } from '@fable/shared/testing';
import { adminBannerFixture, openBannersPage } from './adminBannersTesting';
import { ADMIN_BANNERS_TEXTS as T } from './adminBannersTexts';
import { isoOfLocal } from './bannerForm';

const F = T.form;
const dialog = (name: string = T.createTitle) => screen.getByRole('dialog', { name });

async function typeInto(form: HTMLElement, label: string, text: string) {
  const field = within(form).getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.type(field, text);
}
const setTime = (form: HTMLElement, label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });

async function openNewBanner() {
  await userEvent.click(await screen.findByRole('button', { name: T.newBanner }));
  return dialog();
}

it('creates a banner once however often Create is pressed, sending the draft, and lists it', async () => {
  let items: AdminBanner[] = [];
  // The answer waits until both clicks are in.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const { fake } = openBannersPage({
    'GET /admin/banners': () => ({ body: { items } }),
    'POST /admin/banners': async () => {
      await answered;
      const created = adminBannerFixture({ id: '0b7f1a52-3c1e-4f7a-9d2b-5e6f7a8b9c09', banner: { ...adminBannerFixture().banner, name: 'Winter sale' } });
      items = [created];
      return { status: 201, body: created };
    },
  });
  expect(await screen.findByRole('heading', { name: T.empty })).toBeInTheDocument();
  const form = await openNewBanner();
  await typeInto(form, F.name, 'Winter sale');
  await typeInto(form, F.title, 'Winter <b>sale</b> is on');
  // The preview shows the text as typed, never as HTML.
  expect(within(form).getByTestId('banner-preview')).toHaveTextContent('Winter <b>sale</b> is on');
  await userEvent.click(within(form).getByRole('checkbox', { name: F.withAction }));
  await typeInto(form, F.actionLabel, 'Shop now');
  await typeInto(form, F.destination, '/sale');
  setTime(form, F.startsAt, '2030-07-01T10:00');
  await userEvent.click(within(form).getByRole('checkbox', { name: 'Premium' }));
  await userEvent.click(within(form).getByRole('radio', { name: 'Members' }));
  await typeInto(form, F.screens, 'home, chats');
  const create = within(form).getByRole('button', { name: T.create });
  await userEvent.click(create);
  await waitFor(() => expect(fake.callsTo('POST /admin/banners')).toHaveLength(1));
  expect(create).toBeDisabled();
  await userEvent.click(create);
  answer();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByRole('heading', { name: 'Winter sale' })).toBeInTheDocument();
  const posts = fake.callsTo('POST /admin/banners');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({
    banner: {
      name: 'Winter sale',
      placement: 'top',
      title: { label: 'Winter <b>sale</b> is on' },
      backgroundColor: '#7c5cff',
      closable: true,
      platforms: [],
      actions: [{ label: 'Shop now', shape: 'pill', navigation: { type: 'internal', destination: '/sale' } }],
    },
    starts_at: isoOfLocal('2030-07-01T10:00'),
    ends_at: null,
    targeting: { applications: [], tiers: ['premium'], signed_in: 'members', screens: ['home', 'chats'] },
  });
});

it('says a banner must end after it starts, next to Ends, and sends nothing', async () => {
  const { fake } = openBannersPage({ 'GET /admin/banners': { body: { items: [] } } });
  const form = await openNewBanner();
  await typeInto(form, F.name, 'Winter sale');
  await typeInto(form, F.title, 'Winter sale is on');
  setTime(form, F.startsAt, '2030-07-02T10:00');
  setTime(form, F.endsAt, '2030-07-01T10:00');
  await userEvent.click(within(form).getByRole('button', { name: T.create }));
  expect(await within(form).findByText(BANNER_MESSAGES.endsBeforeStart)).toBeInTheDocument();
  expect(within(form).getByLabelText(F.endsAt)).toHaveAttribute('aria-invalid', 'true');
  expect(fake.callsTo('POST /admin/banners')).toHaveLength(0);
});

it('shows the API’s validation issues next to their fields and other refusals on the form', async () => {
  const { fake } = openBannersPage({
    'GET /admin/banners': { body: { items: [] } },
    'POST /admin/banners': {
      status: 400,
      body: { error: { code: 'validation_error', message: 'Invalid request body', details: { issues: [{ path: 'body.banner.name', message: 'Already used' }] } } },
    },
  });
  const form = await openNewBanner();
  await typeInto(form, F.name, 'Winter sale');
  await typeInto(form, F.title, 'Winter sale is on');
  await userEvent.click(within(form).getByRole('button', { name: T.create }));
  expect(await within(form).findByText('Already used')).toBeInTheDocument();
  fake.override({ 'POST /admin/banners': { status: 503, body: apiErrorBody('service_unavailable', 'Try again in a minute') } });
  await userEvent.click(within(form).getByRole('button', { name: T.create }));
  expect(await within(form).findByText('Try again in a minute')).toBeInTheDocument();
  expect(dialog()).toBeInTheDocument();
});

it('edits a banner with its values, sending the change with PUT', async () => {
  const saved = adminBannerFixture({ status: 'live' });
  const { fake } = openBannersPage({
    'GET /admin/banners': { body: { items: [saved] } },
    [`PUT /admin/banners/${saved.id}`]: (call) => ({ body: { ...saved, ...(call.body as object) } }),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Summer sale' }));
  const form = dialog(T.editTitle);
  expect(within(form).getByLabelText(F.name)).toHaveValue('Summer sale');
  expect(within(form).getByRole('checkbox', { name: 'Basic' })).toBeChecked();
  expect(within(form).getByRole('radio', { name: 'Members' })).toBeChecked();
  await typeInto(form, F.title, 'Last days');
  await userEvent.click(within(form).getByRole('button', { name: T.save }));
  await waitFor(() => expect(fake.callsTo(`PUT /admin/banners/${saved.id}`)).toHaveLength(1));
  expect(fake.callsTo(`PUT /admin/banners/${saved.id}`)[0]!.body).toMatchObject({
    banner: { name: 'Summer sale', title: { label: 'Last days' } },
    starts_at: saved.starts_at,
    ends_at: saved.ends_at,
    targeting: saved.targeting,
    // The version read: a change someone made since is not undone (409 banner_changed).
    updated_at: saved.updated_at,
  });
});
