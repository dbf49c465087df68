import { z } from 'zod';

/** Notification types (document 1 §4 "Notification"). Durations are NOTIFICATION_DURATIONS_MS. */
export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'alert', 'default'] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

export const NOTIFICATION_DURATIONS = ['short', 'normal', 'long', 'infinite'] as const;
export const NotificationDurationSchema = z.enum(NOTIFICATION_DURATIONS);
export type NotificationDuration = z.infer<typeof NotificationDurationSchema>;
