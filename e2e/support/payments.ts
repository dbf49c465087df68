import { apiCall } from './site';
import type { Page } from '@playwright/test';

/** The payments sandbox globalSetup started (its default secret key, as npm start's). */
const sandboxUrl = () => {
  const url = process.env.E2E_PAYMENTS_SANDBOX_URL;
  if (!url) throw new Error('E2E_PAYMENTS_SANDBOX_URL is not set: globalSetup starts the payments sandbox');
  return url;
};

interface SandboxEvent {
  type: string;
  data: { object: { metadata?: Record<string, string> } };
}

/** How many events of `type` the sandbox sent about the signed-in member of `page` (their user id in the metadata). */
async function memberEventCount(page: Page, type: string): Promise<number> {
  const user = await apiCall<{ id: string }>(page, 'GET', '/v2/users');
  const response = await fetch(`${sandboxUrl()}/_sandbox/events`, { headers: { authorization: 'Bearer sk_test_fable_sandbox' } });
  if (!response.ok) throw new Error(`sandbox events: ${response.status}`);
  const { data } = (await response.json()) as { data: SandboxEvent[] };
  return data.filter((event) => event.type === type && event.data.object.metadata?.user_id === user.id).length;
}

/** The payments the sandbox took from the signed-in member of `page` (payment_intent.succeeded with their user id). */
export const chargesOf = (page: Page): Promise<number> => memberEventCount(page, 'payment_intent.succeeded');

export interface SandboxPayment {
  /** Minor units (cents). */
  amount: number;
  /** The API's kind of off-session charge (metadata.kind: renewal, upgrade, rebill); null for a purchase at checkout. */
  kind: string | null;
}

/** The payments the sandbox took from the signed-in member of `page` (payment_intent.succeeded with their user id), oldest first. */
export async function paymentsOf(page: Page): Promise<SandboxPayment[]> {
  const user = await apiCall<{ id: string }>(page, 'GET', '/v2/users');
  const response = await fetch(`${sandboxUrl()}/_sandbox/events`, { headers: { authorization: 'Bearer sk_test_fable_sandbox' } });
  if (!response.ok) throw new Error(`sandbox events: ${response.status}`);
  const { data } = (await response.json()) as { data: { type: string; data: { object: { amount: number; metadata?: Record<string, string> } } }[] };
  return data
    .filter((event) => event.type === 'payment_intent.succeeded' && event.data.object.metadata?.user_id === user.id)
    .map(({ data: { object } }) => ({ amount: object.amount, kind: object.metadata?.kind ?? null }));
}
