/** The notifications widget's texts (document 1 §2 Header names the widget; its words are ours). */
export const NOTIFICATIONS_TEXTS = {
  button: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  title: 'Notifications',
  markAll: 'Mark all read',
  empty: 'No notifications yet',
  emptyHint: 'Decisions about your account and chatbots, report outcomes, prizes and subscription news show here.',
  loading: 'Loading notifications',
  failed: 'Notifications could not be loaded',
  retry: 'Retry',
  more: 'Show older',
  unread: 'Unread',
  push: {
    off: 'Get these as push notifications',
    turnOn: 'Turn on',
    on: 'Push notifications are on in this browser',
    turnOff: 'Turn off',
    denied: 'Push notifications are blocked in this browser’s settings',
    failed: 'Push notifications could not be turned on',
  },
} as const;

/** "5 min ago", "3 h ago", "2 d ago", or the date. */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  if (minutes < 7 * 24 * 60) return `${Math.floor(minutes / 1440)} d ago`;
  return new Date(iso).toLocaleDateString();
}
