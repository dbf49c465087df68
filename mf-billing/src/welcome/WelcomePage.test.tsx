import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@fable/shared/testing';
import { WelcomePage, WelcomeSubscribestarPage } from './WelcomePage';

const location = () => screen.getByTestId('location').textContent;

afterEach(() => jest.useRealTimers());

it('/welcome counts down 10 seconds, then goes to /', async () => {
  jest.useFakeTimers();
  renderRoute(<WelcomePage />, { path: '/welcome', url: '/welcome' });
  expect(screen.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeInTheDocument();
  expect(screen.getByRole('timer')).toHaveTextContent('Taking you to the home page in 10 seconds…');
  await act(async () => jest.advanceTimersByTime(9000));
  expect(screen.getByRole('timer')).toHaveTextContent('in 1 second…');
  expect(location()).toBe('/welcome');
  await act(async () => jest.advanceTimersByTime(1000));
  expect(location()).toBe('/');
});

it('/welcome/subscribestar goes to /link/subscribestar after 10 seconds', async () => {
  jest.useFakeTimers();
  renderRoute(<WelcomeSubscribestarPage />, { path: '/welcome/subscribestar', url: '/welcome/subscribestar' });
  expect(screen.getByRole('timer')).toHaveTextContent('Taking you to link your account in 10 seconds…');
  await act(async () => jest.advanceTimersByTime(9999));
  expect(location()).toBe('/welcome/subscribestar');
  await act(async () => jest.advanceTimersByTime(1));
  expect(location()).toBe('/link/subscribestar');
});

it('has a link to go now', async () => {
  const user = userEvent.setup();
  renderRoute(<WelcomeSubscribestarPage />, { path: '/welcome/subscribestar', url: '/welcome/subscribestar' });
  await user.click(screen.getByRole('link', { name: 'Link my account now' }));
  expect(location()).toBe('/link/subscribestar');
});
