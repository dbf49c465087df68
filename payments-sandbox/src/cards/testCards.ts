// Stripe's documented test card numbers and what the sandbox does with each. Any other number that passes the
// Luhn check approves, like Stripe's generic brand test cards.

export type CardBehaviour =
  | { kind: 'approve' }
  | { kind: 'decline'; code: string; declineCode?: string; message: string; onAttach: boolean }
  | { kind: 'require_3ds' }
  /** Authentication on session; off session only once set up (setup_future_usage or a SetupIntent), as at Stripe. */
  | { kind: 'require_3ds_unless_set_up' };

export const DECLINE_MESSAGES = {
  generic: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
} as const;

export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { kind: 'approve' },
  '5555555555554444': { kind: 'approve' },
  '378282246310005': { kind: 'approve' },
  '4000000000000002': { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline', message: DECLINE_MESSAGES.generic, onAttach: true },
  '4000000000009995': { kind: 'decline', code: 'card_declined', declineCode: 'insufficient_funds', message: DECLINE_MESSAGES.insufficientFunds, onAttach: true },
  '4000000000000069': { kind: 'decline', code: 'expired_card', declineCode: 'expired_card', message: DECLINE_MESSAGES.expired, onAttach: true },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: DECLINE_MESSAGES.incorrectCvc, onAttach: true },
  // Attaching succeeds; every charge fails.
  '4000000000000341': { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline', message: DECLINE_MESSAGES.generic, onAttach: false },
  // Always asks for 3-D Secure, even once saved; off-session charges fail with authentication_required.
  '4000002760003184': { kind: 'require_3ds' },
  // Asks for 3-D Secure on session; a card saved for later with setup_future_usage: off_session (its first payment
  // authenticated) then pays off session without the member, and one saved without it fails with
  // authentication_required: the strong customer authentication rule renewals meet in Europe.
  '4000002500003155': { kind: 'require_3ds_unless_set_up' },
};

export const behaviourOf = (digits: string): CardBehaviour => TEST_CARDS[digits] ?? { kind: 'approve' };
