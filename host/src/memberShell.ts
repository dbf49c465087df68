/**
 * What the shell adds for signed-in members only, one lazy chunk (it stays off guests' first load, docs/adr/0014):
 * the notifications widget, trust and safety's layer (impersonation bar, shadow-ban banner, ban interstitial) and
 * the ban screen of the route guard.
 */
export { NotificationsWidget } from './notifications/NotificationsWidget';
export { TrustAndSafetyLayer } from './trustAndSafety/TrustAndSafetyLayer';
export { BanScreen } from './trustAndSafety/BanScreen';
