import { CHECKOUT_MESSAGES, type PaymentMethod } from '@fable/contracts';

/**
 * The checkout's words. Verbatim from the spec (document 2 §2, §5, §8): the messages of CHECKOUT_MESSAGES, the terms
 * label, Apply Coupon, Change. The spec names what the page states without its words (the text states, the payment
 * notes, the statement descriptor, the headings): those are ours.
 */
export const CHECKOUT_TEXTS = {
  ...CHECKOUT_MESSAGES,
  title: 'Checkout',
  paymentMethod: 'Payment method',
  personalInfo: 'Personal information',
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  country: 'Country',
  chooseCountry: 'Choose a country',
  chooseState: (label: string) => `Choose a ${label.toLowerCase()}`,
  optional: '(optional)',
  payssionOption: 'Pay with',
  card: 'Card',
  cardLoading: 'Loading the card fields…',
  cardUnavailable: 'Card payments are unavailable here: the card fields are not configured (the mock API has no payments sandbox).',
  /** Stripe.js could not be fetched or its fields could not start (a blocked script, no network). */
  cardFieldsLoadFailed: 'The card fields could not be loaded. Check your connection, turn off any blocker for this page, and reload it.',
  cardFrameTitle: 'Card number, expiry and CVC',
  savedCard: 'Saved card',
  useSavedCard: 'Use the saved card',
  change: 'Change',
  onFileTitle: 'Billing details',
  applyCoupon: 'Apply Coupon',
  coupon: 'Coupon',
  apply: 'Apply',
  removeCoupon: 'Remove',
  couponApplied: (code: string) => `Coupon ${code} applied`,
  orderSummary: 'Order summary',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  total: 'Total',
  priceLoading: 'Calculating the price…',
  priceHint: 'Taxes are calculated from your email and address.',
  perMonth: 'Billed monthly',
  perYear: 'Billed annually',
  subscribe: 'Subscribe',
  continueToPayment: 'Continue to payment',
  processing: 'Processing…',
  statementDescriptor: (brand: string) => `The charge appears on your card statement as ${brand.toUpperCase()}*SUBSCRIPTION.`,
  textStates: [
    'Your subscription renews automatically until you cancel it.',
    'Upgrading to a higher plan is prorated: you pay only the difference for the rest of the billing cycle.',
    'Downgrading lowers your future payments from the next billing cycle.',
    'If you cancel, you keep your benefits until the end of the billing cycle.',
    'Refunds are given only in exceptional cases.',
  ],
  threeDsTitle: 'Confirm your payment',
  threeDsFrameTitle: '3-D Secure verification',
  threeDsHint: 'Your bank asks you to confirm this payment.',
  close: 'Close',
  loadError: 'The checkout could not be loaded.',
  retry: 'Try again',
  planMissing: 'This plan is not available.',
  signInTitle: 'Sign in to check out',
  signIn: 'Sign in',
  unexpected: 'Something went wrong. Nothing was charged; please try again.',
  redirecting: 'Taking you to the payment page…',
} as const;

/** The payment methods' names on the selector (ours: the spec lists the values only). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Credit or debit card',
  antrpay: 'AntrPay',
  coinpayments: 'Crypto (CoinPayments)',
  directa24: 'Directa24',
  inwizo_ecom: 'Bank card (Inwizo)',
  inwizo_sbp: 'SBP',
  inwizo_tpay: 'T-Pay',
  luxfin: 'Luxfin',
  payok: 'PayOK',
  payport: 'PayPort',
  ug_alipay: 'Alipay',
  ug_kakao: 'KakaoPay',
  ug_upi: 'UPI',
  volt: 'Bank transfer (Volt)',
  fpay_alipay: 'Alipay (FPay)',
  fpay_wechat: 'WeChat Pay',
  overpay: 'Overpay',
  payssion: 'Payssion',
  hosted_checkout: 'Secure checkout page',
};

/** Payssion's options' names (document 2 §3). */
export const PAYSSION_OPTION_LABELS: Record<string, string> = {
  gcash: 'GCash',
  paymaya: 'Maya',
  card: 'Russian card',
  sbp: 'SBP',
  tbank: 'T-Bank',
  yoomoney: 'YooMoney',
  sberpay: 'SberPay',
};

/** The payment notes of India (UPI), Korea, Hong Kong and China (document 2 §2; words ours), by country. */
export const PAYMENT_NOTES: Record<string, string> = {
  IN: 'Paying from India? Choose UPI to approve the payment in your UPI app; keep the app open until it is done.',
  KR: 'Paying from Korea? Some Korean cards block foreign subscriptions: KakaoPay works when your card is refused.',
  HK: 'Paying from Hong Kong? Your bank may ask you to confirm the payment in its app.',
  CN: 'Paying from China? Alipay and WeChat Pay are accepted; some Chinese cards block foreign subscriptions.',
};
