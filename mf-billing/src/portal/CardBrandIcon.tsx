import type { ReactNode } from 'react';

/** Card brands with icons (document 2 §3: visa, discover, master, mir, alipay and others) and their names. */
export const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  mastercard: 'Mastercard',
  discover: 'Discover',
  mir: 'Mir',
  alipay: 'Alipay',
  amex: 'American Express',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The name of a card type as the API sends it ('visa', 'master', …); an unknown one as sent, capitalised. */
export function cardBrandName(type: string): string {
  const key = type.trim().toLowerCase();
  return CARD_BRAND_NAMES[key] ?? (key ? key[0]!.toUpperCase() + key.slice(1) : 'Card');
}

const FACE: Record<string, { background: string; mark: () => ReactNode }> = {
  visa: {
    background: '#1a1f71',
    mark: () => (
      <text x="50%" y="64%" textAnchor="middle" fill="#ffffff" fontSize="11" fontWeight="800" fontStyle="italic" fontFamily="Arial, sans-serif">
        VISA
      </text>
    ),
  },
  master: {
    background: '#252525',
    mark: () => (
      <>
        <circle cx="16" cy="12" r="7" fill="#eb001b" />
        <circle cx="24" cy="12" r="7" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  discover: {
    background: '#ffffff',
    mark: () => (
      <>
        <circle cx="27" cy="12" r="5" fill="#f48120" />
        <text x="4" y="15" fill="#231f20" fontSize="7" fontWeight="700" fontFamily="Arial, sans-serif">
          DISC
        </text>
      </>
    ),
  },
  mir: {
    background: '#0f754e',
    mark: () => (
      <text x="50%" y="64%" textAnchor="middle" fill="#ffffff" fontSize="10" fontWeight="800" fontFamily="Arial, sans-serif">
        MIR
      </text>
    ),
  },
  alipay: {
    background: '#1677ff',
    mark: () => (
      <text x="50%" y="64%" textAnchor="middle" fill="#ffffff" fontSize="8" fontWeight="700" fontFamily="Arial, sans-serif">
        Alipay
      </text>
    ),
  },
};

/**
 * A card brand's small face (40×24): its colours and mark for the brands the spec names, a plain card otherwise.
 * Decorative: the brand's name is written beside it.
 */
export function CardBrandIcon({ type }: { type: string }) {
  const key = type.trim().toLowerCase() === 'mastercard' ? 'master' : type.trim().toLowerCase();
  const face = FACE[key];
  return (
    <svg width="40" height="24" viewBox="0 0 40 24" aria-hidden="true" focusable="false" data-brand={face ? key : 'card'}>
      <rect x="0.5" y="0.5" width="39" height="23" rx="4" fill={face?.background ?? '#6b7280'} stroke="rgba(127,127,127,0.45)" />
      {face ? (
        face.mark()
      ) : (
        <>
          <rect x="5" y="6" width="8" height="6" rx="1" fill="#facc15" />
          <rect x="5" y="16" width="30" height="2" rx="1" fill="#ffffff" fillOpacity="0.7" />
        </>
      )}
    </svg>
  );
}
