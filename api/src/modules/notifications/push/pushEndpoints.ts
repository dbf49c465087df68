/**
 * Which push endpoints the API sends to: the browsers' push services, over https (a member could otherwise make the
 * API post to any address). Under NODE_ENV=test also the loopback, where tests run a push service of ours.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'] as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function pushEndpointAllowed(endpoint: string, loopbackAllowed: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (loopbackAllowed && (url.protocol === 'https:' || url.protocol === 'http:') && LOOPBACK.has(url.hostname)) return true;
  if (url.protocol !== 'https:') return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}
