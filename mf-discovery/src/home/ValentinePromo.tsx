import { Button, ButtonLink } from '@fable/shared';
import { checkoutLink, PRICE_OFFER_TEXTS, runningPriceOffer, usePromotionsQuery } from '@fable/shared/promotions';
import { useState } from 'react';
import { NoticeBar } from './NoticeBar';

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
 * one runs, its $0.99 first month with a way to its checkout; Not now hides it for the tab's session. Shown where
 * HomeNotices finds it offered (selectValentineOffered).
 */
export function ValentinePromo() {
  const { data } = usePromotionsQuery();
  const [now] = useState(() => Date.now());
  const [closed, setClosed] = useState(readClosed);
  const promo = runningPriceOffer(data, now, { valentine: true, birthday: false });
  if (!promo || closed.includes(promo.id)) return null;
  const amount = promo.price ?? 0;
  const checkout = checkoutLink(promo.plan_id!, promo.offer_id);
  return (
    <NoticeBar aria-label={promo.title}>
      <strong>{promo.title}</strong>
      <span>{PRICE_OFFER_TEXTS.oneMonth(amount, promo.currency)}</span>
      <ButtonLink to={checkout}>{PRICE_OFFER_TEXTS.claim(amount, promo.currency)}</ButtonLink>
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
        {PRICE_OFFER_TEXTS.notNow}
      </Button>
    </NoticeBar>
  );
}
