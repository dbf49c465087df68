import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createStore, getStore } from '../store/store';
import { createNotifier, notify } from './notifier';
import { selectNotifications } from './notificationsSlice';
import { useNotify } from './useNotify';

describe('createNotifier', () => {
  it('shows notifications from text, objects and shortcuts and returns their ids', () => {
    const store = createStore();
    const n = createNotifier(store.dispatch);
    const id = n('Copied to clipboard');
    n({ type: 'warning', message: 'Network Connection Unavailable. Check Your Connection and Try Again.', duration: 'infinite' });
    n.success('Profile saved successfully.');
    n.error();
    n.alert(undefined, { title: 'Heads up', duration: 'short' });
    const items = selectNotifications(store.getState());
    expect(items.map((x) => [x.type, x.message, x.duration])).toEqual([
      ['default', 'Copied to clipboard', 'normal'],
      ['warning', 'Network Connection Unavailable. Check Your Connection and Try Again.', 'infinite'],
      ['success', 'Profile saved successfully.', 'normal'],
      ['error', 'Something went wrong!', 'normal'],
      ['alert', 'Alert!', 'short'],
    ]);
    expect(items[0]?.id).toBe(id);
    expect(items[4]?.title).toBe('Heads up');
  });

  it('dismisses and clears', () => {
    const store = createStore();
    const n = createNotifier(store.dispatch);
    const id = n.warning('w');
    n.success('s');
    n.dismiss(id);
    expect(selectNotifications(store.getState()).map((x) => x.message)).toEqual(['s']);
    n.clear();
    expect(selectNotifications(store.getState())).toEqual([]);
  });
});

it('notify() goes to the page store', () => {
  const id = notify.success('Chatbot saved successfully');
  expect(selectNotifications(getStore().getState()).find((x) => x.id === id)?.message).toBe('Chatbot saved successfully');
  notify.clear();
  expect(selectNotifications(getStore().getState())).toEqual([]);
});

it('useNotify() goes to the store of the Provider and is stable', () => {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result, rerender } = renderHook(() => useNotify(), { wrapper });
  const first = result.current;
  rerender();
  expect(result.current).toBe(first);
  act(() => {
    result.current.error('Failed to delete chatbot. Please try again.');
  });
  expect(selectNotifications(store.getState())[0]).toMatchObject({ type: 'error', message: 'Failed to delete chatbot. Please try again.' });
});
