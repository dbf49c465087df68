import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsFor } from '@fable/contracts';
import { apiErrorBody, apiUserFixture, type FakeCall } from '@fable/shared/testing';
import { renderChatRemote, toasts } from '../testing/renderChatRemote';
import { GenerationSettingsModal } from './GenerationSettingsModal';
import { LOCAL_GENERATION_SETTINGS_KEY } from './inferenceSettings';

const slider = (name: string) => screen.getByRole('slider', { name });

it('has the four sliders with the ranges, steps and defaults of the spec', async () => {
  renderChatRemote(<GenerationSettingsModal open onClose={jest.fn()} />);
  expect(screen.getByRole('dialog', { name: 'Generation Settings' })).toBeInTheDocument();
  const expected = [
    ['Max new tokens', '180', '300', '1', '180'],
    ['Temperature', '0', '1.5', '0.01', '0.7'],
    ['Top P', '0.01', '1', '0.01', '0.7'],
    ['Top K', '1', '100', '1', '90'],
  ];
  for (const [name, min, max, step, value] of expected) {
    const input = slider(name!);
    expect([input.getAttribute('min'), input.getAttribute('max'), input.getAttribute('step'), (input as HTMLInputElement).value]).toEqual([min, max, step, value]);
  }
});

it('saves on the account for members with generation_settings; Save disabled while unchanged', async () => {
  const premium = permissionsFor('premium');
  const onClose = jest.fn();
  const { fake, store } = renderChatRemote(<GenerationSettingsModal open onClose={onClose} />, {
    member: { inferenceSettings: { max_new_tokens: 200, temperature: 0.9, top_p: 0.7, top_k: 90, model: 'm1' } },
    permissions: premium,
    handlers: {
      'PATCH /v2/users': (call: FakeCall) => ({ body: apiUserFixture({ settings: { ...apiUserFixture().settings, ...(call.body as { settings: object }).settings } }) }),
    },
  });
  await waitFor(() => expect(slider('Temperature')).toHaveValue('0.9'));
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  fireEvent.change(slider('Top K'), { target: { value: '40' } });
  expect(save).toBeEnabled();
  fireEvent.change(slider('Top K'), { target: { value: '90' } });
  expect(save).toBeDisabled();
  fireEvent.change(slider('Top K'), { target: { value: '40' } });
  await userEvent.click(save);
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(fake.callsTo('PATCH /v2/users')[0]?.body).toEqual({
    settings: { inferenceSettings: { max_new_tokens: 200, temperature: 0.9, top_p: 0.7, top_k: 40, model: 'm1' } },
  });
  expect(toasts(store)).toContainEqual({ type: 'success', message: 'Generations settings saved' });
});

it('shows the failure and stays open', async () => {
  const onClose = jest.fn();
  const { store } = renderChatRemote(<GenerationSettingsModal open onClose={onClose} />, {
    member: true,
    permissions: permissionsFor('premium'),
    handlers: { 'PATCH /v2/users': { status: 500, body: apiErrorBody('internal_error', 'Not now') } },
  });
  await waitFor(() => expect(slider('Top K')).toBeInTheDocument());
  fireEvent.change(slider('Top K'), { target: { value: '40' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'Not now' }));
  expect(onClose).not.toHaveBeenCalled();
});

it('shows members without generation_settings the values their chats use, read-only, with the way to a plan', async () => {
  const onClose = jest.fn();
  const { fake } = renderChatRemote(<GenerationSettingsModal open onClose={onClose} />, { member: true, permissions: permissionsFor('free') });
  expect(screen.getByText('Changing the generation settings comes with a paid plan. These are the values your chats use.')).toBeInTheDocument();
  for (const name of ['Max new tokens', 'Temperature', 'Top P', 'Top K']) expect(slider(name)).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reset to defaults' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalled();
  expect(fake.callsTo('PATCH /v2/users')).toHaveLength(0);
  expect(window.localStorage.getItem(LOCAL_GENERATION_SETTINGS_KEY)).toBeNull();
});

it('resets to the defaults', async () => {
  renderChatRemote(<GenerationSettingsModal open onClose={jest.fn()} />, { member: true, permissions: permissionsFor('premium') });
  await waitFor(() => expect(slider('Top P')).toBeEnabled());
  fireEvent.change(slider('Top P'), { target: { value: '0.3' } });
  await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
  expect(slider('Top P')).toHaveValue('0.7');
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
});
