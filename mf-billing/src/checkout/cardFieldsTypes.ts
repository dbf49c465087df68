// What the checkout and the change-card dialog know of the card fields, whichever provider draws them
// (CardFields.tsx chooses: the sandbox's hosted fields or Stripe's Payment Element).

export interface CardToken {
  paymentMethod: string;
  brand?: string;
  last4?: string;
}

export interface CardFieldsState {
  ready: boolean;
  complete: boolean;
  brand: string | null;
  error: string | null;
}

export interface CardFieldsHandle {
  /** Asks the frame for a payment method token; rejects with the frame's message. */
  tokenize(): Promise<CardToken>;
}
