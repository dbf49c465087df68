import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Memory } from '@fable/contracts';
import { apiErrorBody, type FakeCall } from '@fable/shared/testing';
import { renderChatRemote, toasts } from '../testing/renderChatRemote';
import { MemoryManagerModal } from './MemoryManagerModal';

const memory = (id: string, createdAt: string, overrides: Partial<Memory> = {}): Memory => ({
  id,
  content: `Memory ${id}`,
  is_pinned: false,
  memory_type: 'user',
  createdAt,
  ...overrides,
});

const LIST = 'GET /conversations/conv1/memories';

function renderMemories(handlers: Record<string, unknown>, onClose = jest.fn()) {
  const result = renderChatRemote(<MemoryManagerModal conversationId="conv1" open onClose={onClose} />, {
    member: true,
    handlers: handlers as never,
  });
  return { ...result, onClose };
}

const items = () => within(screen.getByRole('list', { name: 'Memories' })).getAllByRole('listitem');

it('lists pinned first, then newest, and loads more by last id', async () => {
  const { fake } = renderMemories({
    [LIST]: (call: FakeCall) =>
      call.query.last_id === 'b'
        ? { body: { memories: [memory('c', '2026-01-01T00:00:00.000Z', { is_pinned: true })], has_more: false } }
        : { body: { memories: [memory('a', '2026-01-05T00:00:00.000Z'), memory('b', '2026-01-04T00:00:00.000Z', { is_last_id: true })], has_more: true } },
  });
  await screen.findByText('Memory a');
  expect(items().map((li) => li.querySelector('p')?.textContent)).toEqual(['Memory a', 'Memory b']);
  await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
  await screen.findByText('Memory c');
  expect(items().map((li) => li.querySelector('p')?.textContent)).toEqual(['Memory c', 'Memory a', 'Memory b']);
  expect(within(items()[0]!).getByText('Pinned')).toBeInTheDocument();
  expect(fake.callsTo(LIST)[1]?.query).toEqual({ last_id: 'b' });
  expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
});

it('adds a memory: counter, 250 limit with its message, disabled when empty, trimmed body', async () => {
  const { fake } = renderMemories({
    [LIST]: { body: { memories: [], has_more: false } },
    'POST /conversations/conv1/memories': (call: FakeCall) => ({
      body: memory('n', '2026-02-01T00:00:00.000Z', { content: (call.body as { content: string }).content }),
    }),
  });
  expect(await screen.findByText('No memories yet.')).toBeInTheDocument();
  const add = screen.getByRole('button', { name: 'Add Memory' });
  const box = screen.getByRole('textbox', { name: 'New memory' });
  expect(add).toBeDisabled();
  expect(screen.getByText('0/250')).toBeInTheDocument();
  await userEvent.click(box);
  await userEvent.paste('x'.repeat(251));
  expect(screen.getByRole('alert')).toHaveTextContent('The memory text is too long');
  expect(add).toBeDisabled();
  await userEvent.clear(box);
  await userEvent.type(box, '  Likes tea  ');
  expect(screen.getByText('9/250')).toBeInTheDocument();
  await userEvent.click(add);
  expect(await screen.findByText('Likes tea')).toBeInTheDocument();
  expect(fake.callsTo('POST /conversations/conv1/memories')[0]?.body).toEqual({ content: 'Likes tea' });
  expect(box).toHaveValue('');
});

it("shows the server's message when adding fails", async () => {
  renderMemories({
    [LIST]: { body: { memories: [], has_more: false } },
    'POST /conversations/conv1/memories': { status: 403, body: apiErrorBody('forbidden', 'Memory limit reached') },
  });
  await userEvent.type(await screen.findByRole('textbox', { name: 'New memory' }), 'Likes tea');
  await userEvent.click(screen.getByRole('button', { name: 'Add Memory' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Memory limit reached');
  expect(screen.getByRole('textbox', { name: 'New memory' })).toHaveValue('Likes tea');
});

it('edits a memory; a failed save shows the server message and the list keeps the old text', async () => {
  let fail = true;
  const { fake } = renderMemories({
    [LIST]: { body: { memories: [memory('a', '2026-01-05T00:00:00.000Z')], has_more: false } },
    'PUT /memories/a': (call: FakeCall) =>
      fail ? { status: 500, body: apiErrorBody('internal_error', 'Could not save') } : { body: memory('a', '2026-01-05T00:00:00.000Z', call.body as Partial<Memory>) },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const box = screen.getByRole('textbox', { name: 'Edit memory' });
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  await userEvent.clear(box);
  expect(save).toBeDisabled();
  await userEvent.type(box, 'Changed');
  await userEvent.click(save);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not save');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByText('Memory a')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  await userEvent.clear(screen.getByRole('textbox', { name: 'Edit memory' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Edit memory' }), 'Changed');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Changed')).toBeInTheDocument();
  expect(fake.callsTo('PUT /memories/a').at(-1)?.body).toEqual({ content: 'Changed' });
});

it('pins and unpins', async () => {
  const { fake } = renderMemories({
    [LIST]: { body: { memories: [memory('a', '2026-01-05T00:00:00.000Z'), memory('b', '2026-01-01T00:00:00.000Z')], has_more: false } },
    'PUT /memories/b': { body: memory('b', '2026-01-01T00:00:00.000Z', { is_pinned: true }) },
  });
  await screen.findByText('Memory b');
  await userEvent.click(within(items()[1]!).getByRole('button', { name: 'Pin' }));
  await waitFor(() => expect(items()[0]).toHaveTextContent('Memory b'));
  expect(within(items()[0]!).getByRole('button', { name: 'Unpin' })).toHaveAttribute('aria-pressed', 'true');
  expect(fake.callsTo('PUT /memories/b')[0]?.body).toEqual({ is_pinned: true });
});

it('restores a memory whose delete failed, with the error toast', async () => {
  const { store } = renderMemories({
    [LIST]: { body: { memories: [memory('a', '2026-01-05T00:00:00.000Z')], has_more: false } },
    'DELETE /memories/a': { status: 500, body: apiErrorBody('internal_error', 'Nope') },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'Nope' }));
  expect(screen.getByText('Memory a')).toBeInTheDocument();
});

it('deletes a memory', async () => {
  renderMemories({
    [LIST]: { body: { memories: [memory('a', '2026-01-05T00:00:00.000Z'), memory('b', '2026-01-04T00:00:00.000Z')], has_more: false } },
    'DELETE /memories/a': { body: { ok: true } },
  });
  await userEvent.click(within((await screen.findAllByRole('listitem'))[0]!).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByText('Memory a')).not.toBeInTheDocument());
  expect(screen.getByText('Memory b')).toBeInTheDocument();
});

it('deletes all memories, keeping pinned and manual ones when ticked', async () => {
  let removed = false;
  const { fake } = renderMemories({
    [LIST]: () => ({ body: { memories: removed ? [] : [memory('a', '2026-01-05T00:00:00.000Z')], has_more: false } }),
    'DELETE /conversations/conv1/memories': () => {
      removed = true;
      return { body: { removed: 1 } };
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete All' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete All Memories' });
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Keep pinned' }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Keep manual' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('No memories yet.')).toBeInTheDocument();
  expect(fake.callsTo('DELETE /conversations/conv1/memories')[0]?.query).toEqual({ keep_pinned_memories: '1', keep_user_memories: '1' });
});

it('shows the load failure with Retry', async () => {
  renderMemories({ [LIST]: { status: 500, body: apiErrorBody('internal_error', 'x') } });
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
