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

/** The payments the sandbox took from the signed-in member of `page` (payment_intent.succeeded with their user id). */
export async function chargesOf(page: Page): Promise<number> {
  const user = await apiCall<{ id: string }>(page, 'GET', '/v2/users');
  const response = await fetch(`${sandboxUrl()}/_sandbox/events`, { headers: { authorization: 'Bearer sk_test_fable_sandbox' } });
  if (!response.ok) throw new Error(`sandbox events: ${response.status}`);
  const { data } = (await response.json()) as { data: SandboxEvent[] };
  return data.filter((event) => event.type === 'payment_intent.succeeded' && event.data.object.metadata?.user_id === user.id).length;
}
