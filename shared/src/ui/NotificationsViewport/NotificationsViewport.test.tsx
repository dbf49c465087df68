import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createNotifier } from '../../notifications/notifier';
import { selectNotifications } from '../../notifications/notificationsSlice';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { NotificationsViewport } from './NotificationsViewport';

function setup() {
  const view = renderWithProviders(<NotificationsViewport />);
  const notify = createNotifier(view.store.dispatch);
  const show = (fn: () => unknown) => act(() => void fn());
  return { ...view, notify, show };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('NotificationsViewport', () => {
  it('shows nothing without notifications', () => {
    setup();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeEmptyDOMElement();
  });

  it('stacks notifications newest first', () => {
    const { notify, show } = setup();
    show(() => notify.success('Chatbot saved successfully'));
    show(() => notify('Copied to clipboard'));
    const region = screen.getByRole('region', { name: 'Notifications' });
    const texts = within(region).getAllByRole('status').map((el) => el.textContent);
    expect(texts).toEqual([expect.stringContaining('Copied to clipboard'), expect.stringContaining('Chatbot saved successfully')]);
  });

  it('uses role=alert for errors and warnings, role=status for the rest', () => {
    const { notify, show } = setup();
    show(() => notify.error());
    show(() => notify.warning('Network Connection Unavailable. Check Your Connection and Try Again.'));
    show(() => notify.alert());
    show(() => notify.success());
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      expect.stringContaining('Network Connection Unavailable'),
      expect.stringContaining('Something went wrong!'),
    ]);
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual([
      expect.stringContaining('Success!'),
      expect.stringContaining('Alert!'),
    ]);
  });

  it('shows a title above the message', () => {
    const { notify, show } = setup();
    show(() => notify.success('Voice Selected', { title: 'Voice' }));
    expect(screen.getByRole('status')).toHaveTextContent('Voice Voice Selected');
  });

  it.each([
    ['short', 2000],
    ['normal', 3000],
    ['long', 5000],
  ] as const)('closes a %s notification after %d ms', (duration, ms) => {
    const { notify, show, store } = setup();
    show(() => notify.success('Saved', { duration }));
    act(() => jest.advanceTimersByTime(ms - 1));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('keeps an infinite notification until it is closed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { notify, show } = setup();
    show(() => notify.warning('Offline', { duration: 'infinite' }));
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Offline');
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes only the notification whose close button is pressed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { notify, show } = setup();
    show(() => notify('one'));
    show(() => notify('two'));
    const two = screen.getByText('two').closest('[role="status"]') as HTMLElement;
    await user.click(within(two).getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('two')).not.toBeInTheDocument();
    expect(screen.getByText('one')).toBeInTheDocument();
  });

  it('restarts the timer when the same notice comes again', () => {
    const { notify, show } = setup();
    show(() => notify.success('Saved'));
    act(() => jest.advanceTimersByTime(2500));
    show(() => notify.success('Saved'));
    act(() => jest.advanceTimersByTime(2500));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
