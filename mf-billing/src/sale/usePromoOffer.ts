import { useState } from 'react';
import { useAppSelector } from '@fable/shared';
import { runningPriceOffer, selectValentineOffered, usePromotionsQuery } from '@fable/shared/promotions';
import { blackFridayPercentOff, runningSale } from './promotions';
import { useNow } from './useNow';

/** Where the $0.99 modal's dismissal is kept for the tab's session (it opens once per promotion and session). */
export const PROMO_MODAL_SEEN_KEY = 'fable.billing.promoModalSeen';

function seenIds(): string[] {
  try {
    const raw = sessionStorage.getItem(PROMO_MODAL_SEEN_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function markSeen(id: string) {
  try {
    sessionStorage.setItem(PROMO_MODAL_SEEN_KEY, JSON.stringify([...seenIds().filter((seen) => seen !== id), id]));
  } catch {
    // storage refused: the modal may open again on the next visit
  }
}

/**
 * The running promotions of the subscribe and sale pages: the sale of the banner and the $0.99 offer of the modal,
 * which opens by itself once per promotion in a tab's session.
 */
export function usePromotions() {
  const promotions = usePromotionsQuery();
  const now = useNow(1000);
  const sale = runningSale(promotions.data, now);
  const valentine = useAppSelector(selectValentineOffered);
  const offer = runningPriceOffer(promotions.data, now, { valentine });
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set(seenIds()));
  const close = () => {
    if (!offer) return;
    markSeen(offer.id);
    setClosed((ids) => new Set([...ids, offer.id]));
  };
  const percentOff = blackFridayPercentOff(promotions.data, now);
  return { promotions, now, sale, percentOff, offer, offerOpen: offer !== null && !closed.has(offer.id), closeOffer: close };
}
