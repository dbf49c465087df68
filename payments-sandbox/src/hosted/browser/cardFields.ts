/// <reference lib="dom" />
// The card fields, running inside the sandbox's iframe: the card number, expiry and CVC never leave this frame
// except to the sandbox's own /v1/payment_methods (publishable key). The parent page talks to it by postMessage,
// only from and to the origin the frame was opened for:
//   parent → frame  { type: 'fable-sandbox:tokenize', requestId }
//   frame → parent  { type: 'fable-sandbox:ready' }
//                   { type: 'fable-sandbox:change', complete, brand, error }
//                   { type: 'fable-sandbox:token', requestId, paymentMethod, brand, last4, exp_month, exp_year }
//                   { type: 'fable-sandbox:error', requestId, message }
import { brandOf, CARD_MESSAGES, cvcError, cvcLength, digitsOf, expiryError, numberError, numberLengths } from '../../cards/cardChecks';

const body = document.body;
const parentOrigin = body.dataset.origin ?? '';
const publishableKey = body.dataset.key ?? '';
const numberInput = document.getElementById('card-number') as HTMLInputElement;
const expiryInput = document.getElementById('card-expiry') as HTMLInputElement;
const cvcInput = document.getElementById('card-cvc') as HTMLInputElement;
const brandLabel = document.getElementById('card-brand') as HTMLElement;
const errorLine = document.getElementById('card-error') as HTMLElement;
const touched = new Set<HTMLInputElement>();

const post = (message: Record<string, unknown>) => window.parent.postMessage(message, parentOrigin);

function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : undefined;
}

interface FieldState {
  complete: boolean;
  brand: string;
  errors: Map<HTMLInputElement, string>;
}

function check(): FieldState {
  const digits = digitsOf(numberInput.value);
  const brand = brandOf(digits);
  const errors = new Map<HTMLInputElement, string>();
  const numberProblem = numberError(digits);
  if (numberProblem) errors.set(numberInput, numberProblem);
  const expiry = parseExpiry(expiryInput.value);
  const expiryProblem = expiry ? expiryError(expiry.month, expiry.year) : CARD_MESSAGES.expiryIncomplete;
  if (expiryProblem) errors.set(expiryInput, expiryProblem);
  const cvcProblem = cvcError(cvcInput.value.trim(), brand);
  if (cvcProblem) errors.set(cvcInput, cvcProblem);
  return { complete: errors.size === 0, brand, errors };
}

/** An error shows once its field was left, or as soon as it cannot become right (a full-length number failing Luhn). */
function visibleError(state: FieldState): string | undefined {
  for (const input of [numberInput, expiryInput, cvcInput]) {
    const problem = state.errors.get(input);
    const settled = touched.has(input) || (input === numberInput && problem === CARD_MESSAGES.numberInvalid);
    input.setAttribute('aria-invalid', problem && settled ? 'true' : 'false');
    if (problem && settled) return problem;
  }
  return undefined;
}

function formatNumber(): void {
  const digits = digitsOf(numberInput.value).replace(/\D/g, '');
  const brand = brandOf(digits);
  const limited = digits.slice(0, Math.max(...numberLengths(brand)));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= limited.length) break;
    parts.push(limited.slice(at, at + size));
    at += size;
  }
  numberInput.value = parts.join(' ');
  cvcInput.maxLength = cvcLength(brand);
}

/** MM / YY as the user types digits (a typed slash or spaces are taken as given). */
function formatExpiry(event: Event): void {
  if ((event as InputEvent).inputType?.startsWith('delete')) return;
  const digits = expiryInput.value.replace(/\D/g, '').slice(0, 4);
  if (digits.length >= 3) expiryInput.value = `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  else if (digits.length === 2 && !expiryInput.value.includes('/')) expiryInput.value = `${digits} / `;
}

function update(): void {
  const state = check();
  brandLabel.textContent = state.brand === 'unknown' ? '' : state.brand;
  const error = visibleError(state);
  errorLine.textContent = error ?? '';
  post({ type: 'fable-sandbox:change', complete: state.complete, brand: state.brand, error: error ?? null });
}

numberInput.addEventListener('input', () => {
  formatNumber();
  update();
});
expiryInput.addEventListener('input', formatExpiry);
for (const input of [numberInput, expiryInput, cvcInput]) {
  input.addEventListener('input', update);
  input.addEventListener('blur', () => {
    if (input.value) touched.add(input);
    update();
  });
}

async function tokenize(requestId: unknown): Promise<void> {
  for (const input of [numberInput, expiryInput, cvcInput]) touched.add(input);
  const state = check();
  update();
  if (!state.complete) {
    post({ type: 'fable-sandbox:error', requestId, message: visibleError(state) ?? CARD_MESSAGES.numberIncomplete });
    return;
  }
  const expiry = parseExpiry(expiryInput.value) as { month: number; year: number };
  const form = new URLSearchParams({
    type: 'card',
    'card[number]': digitsOf(numberInput.value),
    'card[exp_month]': String(expiry.month),
    'card[exp_year]': String(expiry.year),
    'card[cvc]': cvcInput.value.trim(),
  });
  try {
    const response = await fetch('/v1/payment_methods', {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const result = await response.json();
    if (!response.ok) {
      const message: string = result?.error?.message ?? 'The card could not be checked.';
      errorLine.textContent = message;
      post({ type: 'fable-sandbox:error', requestId, message });
      return;
    }
    post({
      type: 'fable-sandbox:token',
      requestId,
      paymentMethod: result.id,
      brand: result.card.brand,
      last4: result.card.last4,
      exp_month: result.card.exp_month,
      exp_year: result.card.exp_year,
    });
  } catch {
    post({ type: 'fable-sandbox:error', requestId, message: 'The card could not be checked: the payment network did not answer.' });
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const data = event.data as { type?: unknown; requestId?: unknown } | null;
  if (data?.type === 'fable-sandbox:tokenize') void tokenize(data.requestId);
});

post({ type: 'fable-sandbox:ready' });

// The fields' height, whenever it changes, for the parent to size the frame (as Stripe's frames do): on a narrow frame
// the expiry and the CVC go under the number, and a message may show below them.
new ResizeObserver(() => post({ type: 'fable-sandbox:resize', height: Math.ceil(document.body.getBoundingClientRect().height) })).observe(document.body);
