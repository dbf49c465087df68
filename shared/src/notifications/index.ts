export * from './notificationsSlice';
export * from './notifier';
export * from './useNotify';
