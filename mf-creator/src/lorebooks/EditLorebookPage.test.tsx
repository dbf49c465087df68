import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { location, renderCreator, toasts } from '../testing/renderCreator';
import { EditLorebookPage } from './LorebookPages';

const PATHS = ['/lorebook/edit/:id'];
const field = (name: string) => screen.getByRole('textbox', { name });
const renderEdit = (id = 'lb-ada') => renderCreator(<EditLorebookPage />, { url: `/lorebook/edit/${id}`, path: PATHS });

beforeEach(() => window.localStorage.clear());

it('is the 404 page for a lorebook that does not exist', async () => {
  renderEdit('nope');
  expect(await screen.findByText('This page is gone.')).toBeInTheDocument();
});

it('tells anyone but its creator they may not', async () => {
  renderEdit('lb1');
  expect(await screen.findByRole('heading', { level: 1, name: 'You are not allowed to access this page' })).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

it('saves only the changed fields, says "Lorebook updated", and Save waits for a change', async () => {
  const { fake, store } = renderEdit();
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Lorebook' })).toBeInTheDocument();
  expect(field('Name')).toHaveValue('Rain City');
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  await userEvent.clear(field('Name'));
  await userEvent.type(field('Name'), 'Rain Town');
  await userEvent.click(save);
  await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'success', message: 'Lorebook updated' }));
  expect(fake.callsTo('PATCH /lorebooks/lb-ada')[0]!.body).toEqual({ name: 'Rain Town' });
  expect(save).toBeDisabled();
  expect(fake.db.lorebooks.get('lb-ada')!.name).toBe('Rain Town');
});

it('adds, changes and deletes entries at once with their toasts; Delete only while more than one', async () => {
  const { fake, store } = renderEdit();
  await screen.findByRole('heading', { level: 1, name: 'Edit Lorebook' });

  await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
  let dialog = await screen.findByRole('dialog', { name: 'Add Entry' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Entry name' }), 'The Canal');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), 'canal,boats,');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'Green water and quiet boats.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'success', message: 'Entry added' }));
  expect(await screen.findByText('Green water and quiet boats.')).toBeInTheDocument();
  expect(fake.db.lorebooks.get('lb-ada')!.entries).toHaveLength(4);

  await userEvent.click(screen.getByRole('button', { name: 'Edit Entry The Docks' }));
  dialog = await screen.findByRole('dialog', { name: 'Edit Entry' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove keyword harbour' }));
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), 'port{Enter}');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'success', message: 'Entry updated' }));
  expect(fake.callsTo('PATCH /lorebooks/lb-ada/entries/lb-ada-e1')[0]!.body).toEqual({ keywords: ['docks', 'port'] });

  for (const name of ['The Canal', 'Inspector Hale', 'The Blue Lantern']) {
    await userEvent.click(screen.getByRole('button', { name: `Delete Entry ${name}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete entry' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Edit Entry ${name}` })).not.toBeInTheDocument());
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Entry deleted' });
  }
  expect(fake.callsTo('DELETE /lorebooks/lb-ada/entries/lb-ada-e3')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: /^Delete Entry/ })).not.toBeInTheDocument();
  expect(fake.db.lorebooks.get('lb-ada')!.entries.map((e) => e.name)).toEqual(['The Docks']);
});

it('shows the server’s refusal of an entry as a toast and keeps the modal open', async () => {
  const { fake, store } = renderEdit();
  await screen.findByRole('heading', { level: 1, name: 'Edit Lorebook' });
  fake.override({ 'POST /lorebooks/lb-ada/entries': { status: 409, body: { error: { code: 'lorebook_full', message: 'A lorebook can hold at most 100 entries' } } } });
  await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Entry' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Entry name' }), 'One more');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), 'one,two,');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'Too many.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'A lorebook can hold at most 100 entries' }));
  expect(screen.getByRole('dialog', { name: 'Add Entry' })).toBeInTheDocument();
});

it('guards unsaved changes: Update saves, then goes where the member was going', async () => {
  const { fake } = renderEdit();
  await screen.findByRole('heading', { level: 1, name: 'Edit Lorebook' });
  await userEvent.type(field('Description'), ' Rainy.');
  await userEvent.click(screen.getByRole('link', { name: 'View Lorebook' }));
  const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
  expect(within(dialog).getByText('You have unsaved changes')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(location()).toBe('/lorebook/lb-ada'));
  expect(fake.callsTo('PATCH /lorebooks/lb-ada')[0]!.body).toEqual({ description: 'The city where Detective Vale works: districts, people and old cases. Rainy.' });
});

it('guards unsaved changes: Discard leaves without saving', async () => {
  const { fake } = renderEdit();
  await screen.findByRole('heading', { level: 1, name: 'Edit Lorebook' });
  await userEvent.type(field('Name'), 'X');
  await userEvent.click(screen.getByRole('link', { name: 'View Lorebook' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(location()).toBe('/lorebook/lb-ada'));
  expect(fake.callsTo('PATCH /lorebooks/lb-ada')).toHaveLength(0);
});

it('exports the lorebook as a lorebook_v3 file', async () => {
  const { fake } = renderEdit();
  const createObjectURL = jest.fn(() => 'blob:lorebook');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await userEvent.click(await screen.findByRole('button', { name: 'Export as lorebook_v3 JSON' }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(fake.callsTo('GET /lorebooks/lb-ada/export')).toHaveLength(1);
  const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
  const file = JSON.parse(await blob.text()) as { spec: string; data: { name: string; entries: { keys: string[] }[] } };
  expect(file.spec).toBe('lorebook_v3');
  expect(file.data.entries[0]!.keys).toEqual(['docks', 'harbour']);
  expect(fake.callsTo('GET /lorebooks/lb-ada/export')[0]!.query).toEqual({ format: 'lorebook_v3' });
  click.mockRestore();
});

it('exports the lorebook as a SillyTavern World Info file', async () => {
  const { fake } = renderEdit();
  const createObjectURL = jest.fn(() => 'blob:lorebook');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const group = await screen.findByRole('group', { name: 'Export the lorebook' });
  await userEvent.click(within(group).getByRole('button', { name: 'Export as SillyTavern World Info' }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(fake.callsTo('GET /lorebooks/lb-ada/export').map((c) => c.query)).toEqual([{ format: 'world_info' }]);
  const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
  const file = JSON.parse(await blob.text()) as { spec?: string; entries: Record<string, { uid: number; key: string[] }> };
  expect(file.spec).toBeUndefined();
  expect(file.entries['0']).toMatchObject({ uid: 0, key: ['docks', 'harbour'] });
  click.mockRestore();
});
