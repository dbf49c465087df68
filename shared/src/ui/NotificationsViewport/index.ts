export * from './NotificationsViewport';
export * from './Toast';
