import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createStore } from '../store/store';
import { mockApi } from '@fable/mocks/node';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

const TEXTS = { title: 'Unsaved Changes', message: 'You have unsaved changes', update: 'Update', discard: 'Discard' };

function Editor() {
  const [text, setText] = useState('');
  const guard = useUnsavedChangesGuard(text !== '');
  const { pathname } = useLocation();
  return (
    <>
      <output data-testid="location">{pathname}</output>
      <label>
        Note
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Link to="/elsewhere">Leave</Link>
      <Link to="/editor?tab=2">Same page</Link>
      <Link to="/editor">Here</Link>
      <UnsavedChangesDialog open={guard.blocked} saving={false} onUpdate={guard.proceed} onDiscard={guard.proceed} onStay={guard.reset} texts={TEXTS} />
    </>
  );
}

// The data router builds a Request per navigation: jsdom has none, the fake fetch brings one.
let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
});

function renderEditor() {
  fake = mockApi({ overrides: {} });
  const router = createMemoryRouter(
    [
      { path: '/editor', element: <Editor /> },
      { path: '/elsewhere', element: <output data-testid="location">/elsewhere</output> },
    ],
    { initialEntries: ['/editor'] },
  );
  render(
    <AppProviders store={createStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form leave at once, and asks nothing on unload', async () => {
    renderEditor();
    expect(unload()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('blocks navigation while dirty: the dialog stays on Escape, leaves on Discard', async () => {
    renderEditor();
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes');
    expect(screen.getByTestId('location')).toHaveTextContent('/editor');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveValue('x');

    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere'));
  });

  it('guards reloads and closing the tab with beforeunload only while dirty, and not once unmounted', async () => {
    renderEditor();
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    expect(unload()).toBe(true);
    await userEvent.clear(screen.getByLabelText('Note'));
    expect(unload()).toBe(false);
    await userEvent.type(screen.getByLabelText('Note'), 'y');
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere'));
    expect(unload()).toBe(false);
  });

  it('blocks a change of the search params too (another tab of the page), and lets a link to where it is through', async () => {
    renderEditor();
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Here' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Same page' }));
    expect(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).toBeInTheDocument();
  });
});
