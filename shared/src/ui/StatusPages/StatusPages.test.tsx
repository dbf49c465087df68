import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/AppProviders';
import { getStore } from '../../store/store';
import { NotFoundPage } from './StatusPages';

it('renders the 404 texts of the spec and goes home', async () => {
  render(
    <AppProviders store={getStore()}>
      <MemoryRouter initialEntries={['/nope']}>
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.getByText('This page is gone.')).toBeInTheDocument();
  expect(screen.getByText('The page you are looking for does not exist or never existed.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
  expect(screen.getByText('home page')).toBeInTheDocument();
});
