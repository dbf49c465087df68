import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiErrorBody } from '@fable/shared/testing';
import { conversationFixture } from '../recentChats/testConversations';
import { renderChatRemote, toasts } from '../testing/renderChatRemote';
import { ChangePersonaModal } from './ChangePersonaModal';

const PERSONAS = {
  body: {
    personas: [
      { id: 'p1', name: 'Rook', avatar_url: null, highlights: 'Castle', is_default: false },
      { id: 'p2', name: 'Queen', avatar_url: null, highlights: 'Board', is_default: true },
    ],
  },
};

it('changes the persona after confirmation with PUT persona', async () => {
  const onClose = jest.fn();
  const { fake, store } = renderChatRemote(<ChangePersonaModal conversationId="conv1" open onClose={onClose} />, {
    member: true,
    handlers: { 'GET /personas': PERSONAS, 'PUT /conversations/conv1/persona': { body: conversationFixture({ user_persona_id: 'p1' }) } },
  });
  const change = screen.getByRole('button', { name: 'Change' });
  expect(change).toBeDisabled();
  await userEvent.click(await screen.findByRole('radio', { name: /Rook/ }));
  await userEvent.click(change);
  const confirm = screen.getByRole('dialog', { name: 'Change Persona' });
  expect(within(confirm).getByText('From your next message the bot will know you as Rook. Continue?')).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Change Persona' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(fake.callsTo('PUT /conversations/conv1/persona')[0]?.body).toEqual({ user_persona_id: 'p1' });
  expect(toasts(store)).toContainEqual({ type: 'success', message: 'Persona changed' });
});

it('shows "Unable to change persona." when the change fails, and Cancel goes back to the list', async () => {
  const onClose = jest.fn();
  renderChatRemote(<ChangePersonaModal conversationId="conv1" open onClose={onClose} />, {
    member: true,
    handlers: { 'GET /personas': PERSONAS, 'PUT /conversations/conv1/persona': { status: 500, body: { nope: true } } },
  });
  await userEvent.click(await screen.findByRole('radio', { name: /Rook/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Change' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change Persona' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to change persona.');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByRole('radio', { name: /Rook/ })).toBeChecked();
});

it("shows the server's persona message", async () => {
  renderChatRemote(<ChangePersonaModal conversationId="conv1" open onClose={jest.fn()} currentPersonaId="p2" />, {
    member: true,
    handlers: { 'GET /personas': PERSONAS, 'PUT /conversations/conv1/persona': { status: 404, body: apiErrorBody('persona_not_found', 'No persona found.') } },
  });
  expect(await screen.findByRole('radio', { name: /Queen/ })).toBeChecked();
  expect(screen.getByRole('button', { name: 'Change' })).toBeDisabled();
  await userEvent.click(screen.getByRole('radio', { name: /Rook/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Change' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change Persona' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No persona found.');
});

it('marks the member’s default persona as the one in use when the conversation records none; tells the page the result', async () => {
  const onChanged = jest.fn();
  renderChatRemote(<ChangePersonaModal conversationId="conv1" open onClose={jest.fn()} currentPersonaId={null} onChanged={onChanged} />, {
    member: true,
    handlers: { 'GET /personas': PERSONAS, 'PUT /conversations/conv1/persona': { body: conversationFixture({ id: 'conv1', user_persona_id: 'p1' }) } },
  });
  expect(await screen.findByRole('radio', { name: /Queen/ })).toBeChecked();
  expect(screen.getByRole('button', { name: 'Change' })).toBeDisabled();
  await userEvent.click(screen.getByRole('radio', { name: /Rook/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Change' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change Persona' }));
  await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ id: 'conv1', user_persona_id: 'p1' })));
});
