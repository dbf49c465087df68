import { billingFlowCalls, PromotionsSchema, type Promotion } from '@fable/contracts';
import { api, Button, ButtonLink } from '@fable/shared';
import { useState } from 'react';
import { NoticeBar } from './NoticeBar';

const C = billingFlowCalls.promotions;

const promotionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    discovery_promotions: build.query<Promotion[], void>({
      query: () => ({ url: C.path, method: C.method }),
      transformResponse: (raw: unknown) => PromotionsSchema.parse(raw).promotions,
    }),
  }),
});

/** The Valentine promotion running at `now` with its $0.99 price and plan, or null. */
export function runningValentine(promotions: readonly Promotion[] | undefined, now: number): Promotion | null {
  return (
    (promotions ?? []).find(
      (p) => p.kind === 'valentine' && p.price != null && !!p.plan_id && Date.parse(p.starts_at) <= now && now < Date.parse(p.ends_at),
    ) ?? null
  );
}

const price = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

// The subscribe page's words for the $0.99 offer (mf-billing's saleTexts), and ours for closing it.
export const VALENTINE_TEXTS = {
  oneMonth: (amount: number, currency: string) => `${price(amount, currency)} for your first month`,
  claim: (amount: number, currency: string) => `Get it for ${price(amount, currency)}`,
  notNow: 'Not now',
} as const;

/** Where home remembers, for the tab's session, the Valentine promotions closed with Not now. */
export const VALENTINE_CLOSED_KEY = 'fable.discovery.valentineClosed';

function readClosed(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(VALENTINE_CLOSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The Valentine promo on home (document 1 §6 "Valentine promo (signed-in non-premium on home and subscribe)"): while
 * one runs, its $0.99 first month with a way to its checkout; Not now hides it for the tab's session.
 */
export function ValentinePromo() {
  const { data } = promotionsApi.useDiscovery_promotionsQuery();
  const [now] = useState(() => Date.now());
  const [closed, setClosed] = useState(readClosed);
  const promo = runningValentine(data, now);
  if (!promo || closed.includes(promo.id)) return null;
  const amount = promo.price ?? 0;
  const checkout = `/checkout?${new URLSearchParams({ plan_id: promo.plan_id!, ...(promo.offer_id ? { o_id: promo.offer_id } : {}) }).toString()}`;
  return (
    <NoticeBar aria-label={promo.title}>
      <strong>{promo.title}</strong>
      <span>{VALENTINE_TEXTS.oneMonth(amount, promo.currency)}</span>
      <ButtonLink to={checkout}>{VALENTINE_TEXTS.claim(amount, promo.currency)}</ButtonLink>
      <Button
        variant="ghost"
        onClick={() => {
          const next = [...closed, promo.id];
          setClosed(next);
          try {
            sessionStorage.setItem(VALENTINE_CLOSED_KEY, JSON.stringify(next));
          } catch {
            // storage refused: closed for this page only
          }
        }}
      >
        {VALENTINE_TEXTS.notNow}
      </Button>
    </NoticeBar>
  );
}
