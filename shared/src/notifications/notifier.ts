import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { getStore } from '../store/store';
import {
  clearNotifications,
  dismissNotification,
  showNotification,
  type NotificationType,
  type NotifyInput,
} from './notificationsSlice';

export type NotifyOptions = Omit<NotifyInput, 'type' | 'message'>;

/**
 * Shows a notification and returns its id. Called with a text (a "default" notification) or with
 * `{ type, message, title, duration, id }`; `notify.success('Saved')`, `notify.error()` ("Something went
 * wrong!") and friends are shortcuts.
 */
export interface Notifier {
  (input: NotifyInput | string): string;
  success(message?: string, options?: NotifyOptions): string;
  error(message?: string, options?: NotifyOptions): string;
  warning(message?: string, options?: NotifyOptions): string;
  alert(message?: string, options?: NotifyOptions): string;
  dismiss(id: string): void;
  clear(): void;
}

export function createNotifier(dispatch: Dispatch<UnknownAction>): Notifier {
  const show = (input: NotifyInput | string) =>
    dispatch(showNotification(typeof input === 'string' ? { message: input } : input)).payload.id;
  const shortcut = (type: NotificationType) => (message?: string, options: NotifyOptions = {}) => show({ ...options, type, message });
  return Object.assign(show, {
    success: shortcut('success'),
    error: shortcut('error'),
    warning: shortcut('warning'),
    alert: shortcut('alert'),
    dismiss: (id: string) => {
      dispatch(dismissNotification(id));
    },
    clear: () => {
      dispatch(clearNotifications());
    },
  });
}

/**
 * Notifications on the page's one store (getStore()), for code outside React: listeners, thunks, api
 * callbacks. Components use useNotify(), which goes to the store of their Provider.
 */
export const notify: Notifier = createNotifier((action) => getStore().dispatch(action));
