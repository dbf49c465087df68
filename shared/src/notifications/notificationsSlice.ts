import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** document 1 §4 "Notification": type success, error, warning, alert, default. */
export type NotificationType = 'success' | 'error' | 'warning' | 'alert' | 'default';
/** document 1 §4: duration short 2 s, normal 3 s, long 5 s, infinite. */
export type NotificationDuration = 'short' | 'normal' | 'long' | 'infinite';

export const NOTIFICATION_TYPES: readonly NotificationType[] = ['success', 'error', 'warning', 'alert', 'default'];

/** Milliseconds a notification stays; null: until closed (document 1 §4, §9 "notifications 2 s, 3 s, 5 s"). */
export const NOTIFICATION_DURATION_MS: Readonly<Record<NotificationDuration, number | null>> = {
  short: 2000,
  normal: 3000,
  long: 5000,
  infinite: null,
};

/** "Profile saved successfully." and "Chatbot saved successfully" show 3 s (document 1 §8): normal is the default. */
export const DEFAULT_NOTIFICATION_DURATION: NotificationDuration = 'normal';

/**
 * Text shown when a notification has none. document 1 §8: defaults "Success!" and "Alert!", generic
 * error "Something went wrong!". The spec shows no default for warning and default; they use "Alert!".
 */
export const NOTIFICATION_DEFAULT_MESSAGES: Readonly<Record<NotificationType, string>> = {
  success: 'Success!',
  error: 'Something went wrong!',
  warning: 'Alert!',
  alert: 'Alert!',
  default: 'Alert!',
};

/** At most this many at once; the oldest goes first. */
export const MAX_NOTIFICATIONS = 5;

export interface AppNotification {
  id: string;
  type: NotificationType;
  message: string;
  title?: string;
  duration: NotificationDuration;
}

export interface NotifyInput {
  type?: NotificationType;
  message?: string;
  title?: string;
  duration?: NotificationDuration;
  /** A fixed id replaces the notification shown under it (e.g. one "offline" toast) and lets code close it. */
  id?: string;
}

export interface NotificationsState {
  items: AppNotification[];
}

const initialState: NotificationsState = { items: [] };

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    showNotification: {
      reducer(state, action: PayloadAction<AppNotification>) {
        const next = action.payload;
        // The same notice again (same id, or same type, title and text) restarts instead of stacking up.
        state.items = state.items.filter(
          (n) => n.id !== next.id && !(n.type === next.type && n.message === next.message && n.title === next.title),
        );
        state.items.push(next);
        if (state.items.length > MAX_NOTIFICATIONS) state.items.splice(0, state.items.length - MAX_NOTIFICATIONS);
      },
      prepare(input: NotifyInput) {
        const type = input.type ?? 'default';
        const notification: AppNotification = {
          id: input.id ?? nanoid(),
          type,
          message: input.message?.trim() ? input.message : NOTIFICATION_DEFAULT_MESSAGES[type],
          duration: input.duration ?? DEFAULT_NOTIFICATION_DURATION,
        };
        if (input.title) notification.title = input.title;
        return { payload: notification };
      },
    },
    dismissNotification(state, action: PayloadAction<string>) {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
    clearNotifications(state) {
      state.items = [];
    },
  },
  selectors: {
    selectNotifications: (state) => state.items,
  },
});

export const { showNotification, dismissNotification, clearNotifications } = notificationsSlice.actions;
export const { selectNotifications } = notificationsSlice.selectors;
