import { REMOTE_BEACON_PATH, type RemoteEvent, type RemoteName } from '@fable/contracts';
import { versionOf } from './remoteRegistry';

/**
 * Tells the site server what became of a remote's version in this page (deploy/server/remoteBeacon.ts counts it):
 * it loaded, could not be loaded, or a page of it threw while rendering. Sent with navigator.sendBeacon (as
 * text/plain, no preflight, delivered even as the page goes away); nothing is sent for a remote without a version (a
 * dev server's) or where the browser has no beacon (tests).
 */
export function reportRemote(remote: RemoteName, event: RemoteEvent, version: string | null = versionOf(remote)): void {
  if (!version || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  try {
    navigator.sendBeacon(REMOTE_BEACON_PATH, JSON.stringify({ remote, version, event }));
  } catch {
    // A report is worth less than anything the page does: never let it fail the page.
  }
}
