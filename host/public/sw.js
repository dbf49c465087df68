/* global self */
/*
 * Fable's service worker: Web Push notifications (issue 28). Registered only after a member turns push on in the
 * notifications widget. A push carries { id, title, body, link } as JSON (the API's PushPayload); a click opens the
 * link (a path of this site) in an open tab of the site, or a new one.
 */
// Take charge of the site's open tabs at once, so a click on a notification can bring one of them to the link.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Fable', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Fable', {
      body: data.body || '',
      tag: data.id,
      icon: '/favicon.svg',
      data: { link: typeof data.link === 'string' && data.link.startsWith('/') ? data.link : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL(event.notification.data && event.notification.data.link ? event.notification.data.link : '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url.startsWith(self.location.origin) && 'focus' in client) {
          // navigate() fails for a tab this worker does not control: focus it and open the link beside it then.
          return client.navigate(link).then(
            (c) => (c || client).focus(),
            () => self.clients.openWindow(link),
          );
        }
      }
      return self.clients.openWindow(link);
    }),
  );
});
