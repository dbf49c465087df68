import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCreator, toasts } from '../testing/renderCreator';
import { LorebookPage } from './LorebookPage';

const renderPage = (id: string, guest = false) => renderCreator(<LorebookPage />, { url: `/lorebook/${id}`, path: '/lorebook/:id', guest });

it('shows the lorebook: name, creator link, description, tags, entries; Edit only for its creator', async () => {
  renderPage('lb1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Nebula Atlas' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '@starwright' })).toHaveAttribute('href', '/creator/starwright');
  expect(screen.getByText('Stars, stations and the strange things between them.')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sci-Fi', 'Adventure']);
  expect(screen.getByRole('heading', { level: 3, name: 'The Nightingale' })).toBeInTheDocument();
  expect(screen.getByText('A glowing nebula where compasses spin and radios hum.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument());
});

it('offers Edit to its creator', async () => {
  renderPage('lb-ada');
  expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/lorebook/edit/lb-ada');
});

it('enlarges the avatar in a dialog', async () => {
  renderPage('lb1', true);
  await userEvent.click(await screen.findByRole('button', { name: 'Enlarge the avatar of Nebula Atlas' }));
  const dialog = screen.getByRole('dialog', { name: 'Nebula Atlas' });
  expect(within(dialog).getByRole('img', { name: 'Avatar of Nebula Atlas' })).toHaveAttribute('src', '/api/avatars/mira.svg');
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('copies its link with Share', async () => {
  const { store } = renderPage('lb1', true);
  const writeText = jest.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
  await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'success', message: 'Copied to clipboard' }));
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/lorebook/lb1`);
});

it('is the 404 page for a lorebook that does not exist', async () => {
  renderPage('missing');
  expect(await screen.findByText('This page is gone.')).toBeInTheDocument();
});
