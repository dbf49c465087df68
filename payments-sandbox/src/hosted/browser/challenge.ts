/// <reference lib="dom" />
// The 3-D Secure challenge: Complete or Fail, sent to the sandbox; then the result goes to the checkout as the window
// message it listens for, `{ status: 'success' | 'failure', error_message? }` (to the parent frame and to the
// opener, at each allowed origin), or, opened top-level, back to return_url as Stripe does.
export {};

const body = document.body;
const intentId = body.dataset.intent ?? '';
const clientSecret = body.dataset.secret ?? '';
const origins: string[] = JSON.parse(body.dataset.origins ?? '[]');
const status = document.getElementById('challenge-status') as HTMLElement;

function tell(target: Window | null, message: Record<string, unknown>): void {
  if (!target || target === window) return;
  for (const origin of origins) target.postMessage(message, origin);
}

async function decide(outcome: 'success' | 'failure'): Promise<void> {
  for (const button of document.querySelectorAll('button')) button.disabled = true;
  const response = await fetch(`/3ds/${encodeURIComponent(intentId)}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_secret: clientSecret, outcome }),
  });
  const result = (await response.json()) as { status?: 'success' | 'failure'; error_message?: string; return_url?: string | null; message?: string };
  if (!response.ok || !result.status) {
    status.textContent = result.message ?? 'This authentication could not be finished.';
    return;
  }
  const message = result.status === 'success' ? { status: 'success' } : { status: 'failure', error_message: result.error_message };
  status.textContent = result.status === 'success' ? 'Authentication complete.' : 'Authentication failed.';
  tell(window.parent, message);
  tell(window.opener as Window | null, message);
  const topLevel = window.parent === window && !window.opener;
  if (topLevel && result.return_url) {
    const back = new URL(result.return_url);
    // Stripe's names: a setup intent's return carries setup_intent and setup_intent_client_secret
    const kind = intentId.startsWith('seti_') ? 'setup_intent' : 'payment_intent';
    back.searchParams.set(kind, intentId);
    back.searchParams.set(`${kind}_client_secret`, clientSecret);
    back.searchParams.set('redirect_status', result.status === 'success' ? 'succeeded' : 'failed');
    window.location.assign(back.toString());
  }
}

document.getElementById('challenge-complete')?.addEventListener('click', () => void decide('success'));
document.getElementById('challenge-fail')?.addEventListener('click', () => void decide('failure'));
