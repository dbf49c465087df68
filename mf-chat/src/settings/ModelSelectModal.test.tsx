import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsFor } from '@fable/contracts';
import { apiUserFixture, type FakeCall } from '@fable/shared/testing';
import { location, renderChatRemote, toasts } from '../testing/renderChatRemote';
import { LOCAL_GENERATION_SETTINGS_KEY } from './inferenceSettings';
import { ModelSelectModal, visibleModels } from './ModelSelectModal';
import type { ChatModel } from './settingsApi';

const model = (id: string, overrides: Partial<ChatModel> = {}): ChatModel => ({
  id,
  name: `Model ${id}`,
  tokens: '8K',
  available: true,
  hide_unauthorized: false,
  ...overrides,
});

const MODELS = {
  body: {
    models: [
      model('demo', { name: 'Fable Demo', demo: true }),
      model('big', { name: 'Big One', size: '70B', tokens: '16K', available: false, permission: '8k_context' }),
      model('secret', { name: 'Secret', available: false, hide_unauthorized: true }),
    ],
    default_model: 'demo',
  },
};

it('hides locked models marked hide_unauthorized', () => {
  expect(visibleModels(MODELS.body.models).map((m) => m.id)).toEqual(['demo', 'big']);
});

it('labels the demo model, keeps the current one selected and Save disabled', async () => {
  renderChatRemote(<ModelSelectModal open onClose={jest.fn()} />, { handlers: { 'GET /chat/models': MODELS } });
  const demo = await screen.findByRole('radio', { name: /Fable Demo/ });
  expect(demo).toBeChecked();
  expect(screen.getByText('Demo')).toBeInTheDocument();
  expect(screen.queryByRole('radio', { name: /Secret/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
});

it('turns the button into Upgrade for a locked model, which goes to /subscribe', async () => {
  const onClose = jest.fn();
  renderChatRemote(<ModelSelectModal open onClose={onClose} />, { handlers: { 'GET /chat/models': MODELS } });
  await userEvent.click(await screen.findByRole('radio', { name: /Big One/ }));
  expect(screen.getByRole('radio', { name: /Big One/ })).toHaveAccessibleName(expect.stringContaining('Upgrade to use'));
  await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
  expect(onClose).toHaveBeenCalled();
  expect(location()).toBe('/subscribe');
});

it('switches models on the account with "Switched to {model}"', async () => {
  const onClose = jest.fn();
  const { fake, store } = renderChatRemote(<ModelSelectModal open onClose={onClose} />, {
    member: true,
    permissions: permissionsFor('premium'),
    handlers: {
      'GET /chat/models': { body: { models: [model('a'), model('b', { name: 'Bard 13B' })], default_model: 'a' } },
      'PATCH /v2/users': (call: FakeCall) => ({ body: apiUserFixture({ settings: { ...apiUserFixture().settings, ...(call.body as { settings: object }).settings } }) }),
    },
  });
  await userEvent.click(await screen.findByRole('radio', { name: /Bard 13B/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(fake.callsTo('PATCH /v2/users')[0]?.body).toEqual({
    settings: { inferenceSettings: { max_new_tokens: 180, temperature: 0.7, top_p: 0.7, top_k: 90, model: 'b' } },
  });
  expect(toasts(store)).toContainEqual({ type: 'success', message: 'Switched to Bard 13B' });
});

it('keeps the choice on the device for guests', async () => {
  renderChatRemote(<ModelSelectModal open onClose={jest.fn()} />, {
    handlers: { 'GET /chat/models': { body: { models: [model('a'), model('b')], default_model: 'a' } } },
  });
  await userEvent.click(await screen.findByRole('radio', { name: /Model b/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(JSON.parse(window.localStorage.getItem(LOCAL_GENERATION_SETTINGS_KEY) ?? '{}')).toMatchObject({ model: 'b' }));
});

it('shows the load failure with Retry', async () => {
  renderChatRemote(<ModelSelectModal open onClose={jest.fn()} />, { handlers: { 'GET /chat/models': { status: 500, body: {} } } });
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
