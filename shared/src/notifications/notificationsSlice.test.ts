import { createStore } from '../store/store';
import {
  MAX_NOTIFICATIONS,
  NOTIFICATION_DURATION_MS,
  clearNotifications,
  dismissNotification,
  selectNotifications,
  showNotification,
} from './notificationsSlice';

describe('notificationsSlice', () => {
  it('is part of the root state and starts empty', () => {
    expect(selectNotifications(createStore().getState())).toEqual([]);
  });

  it('has the durations of the spec', () => {
    expect(NOTIFICATION_DURATION_MS).toEqual({ short: 2000, normal: 3000, long: 5000, infinite: null });
  });

  it('fills in type, duration, id and the default texts', () => {
    const store = createStore();
    store.dispatch(showNotification({ type: 'success' }));
    store.dispatch(showNotification({ type: 'error', duration: 'long' }));
    store.dispatch(showNotification({ type: 'alert', message: '  ' }));
    store.dispatch(showNotification({ message: 'Copied to clipboard', title: 'Share' }));
    const items = selectNotifications(store.getState());
    expect(items.map((n) => [n.type, n.message, n.duration])).toEqual([
      ['success', 'Success!', 'normal'],
      ['error', 'Something went wrong!', 'long'],
      ['alert', 'Alert!', 'normal'],
      ['default', 'Copied to clipboard', 'normal'],
    ]);
    expect(items[3]?.title).toBe('Share');
    expect(new Set(items.map((n) => n.id)).size).toBe(4);
  });

  it('replaces a notification with the same id or the same text instead of stacking it', () => {
    const store = createStore();
    store.dispatch(showNotification({ id: 'offline', type: 'warning', message: 'Offline' }));
    store.dispatch(showNotification({ type: 'success', message: 'Saved' }));
    store.dispatch(showNotification({ id: 'offline', type: 'warning', message: 'Still offline' }));
    store.dispatch(showNotification({ type: 'success', message: 'Saved' }));
    expect(selectNotifications(store.getState()).map((n) => n.message)).toEqual(['Still offline', 'Saved']);
  });

  it(`keeps at most ${MAX_NOTIFICATIONS}, dropping the oldest`, () => {
    const store = createStore();
    for (let i = 1; i <= MAX_NOTIFICATIONS + 2; i++) store.dispatch(showNotification({ message: `n${i}` }));
    const messages = selectNotifications(store.getState()).map((n) => n.message);
    expect(messages).toHaveLength(MAX_NOTIFICATIONS);
    expect(messages[0]).toBe('n3');
  });

  it('dismisses one or all', () => {
    const store = createStore();
    const { payload } = store.dispatch(showNotification({ message: 'a' }));
    store.dispatch(showNotification({ message: 'b' }));
    store.dispatch(dismissNotification(payload.id));
    expect(selectNotifications(store.getState()).map((n) => n.message)).toEqual(['b']);
    store.dispatch(clearNotifications());
    expect(selectNotifications(store.getState())).toEqual([]);
  });
});
