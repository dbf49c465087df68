import { PORTAL_ACTION_SUCCESS, type PortalActionResult } from '@fable/contracts';
import type { SubscriptionRow } from '../lifecycle/subscriptionStore';

/** The answer of a portal action that went through. */
export function succeeded(sub: Pick<SubscriptionRow, 'status'>, message: string): PortalActionResult {
  return { status: PORTAL_ACTION_SUCCESS, message, subscription_status: sub.status };
}

/** A date as the messages write it: 'March 15, 2026' (UTC). */
export function dayOf(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
