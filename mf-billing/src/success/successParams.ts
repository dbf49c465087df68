import type { PurchaseResult } from '@fable/contracts';

/** The success page's query parameters (document 2 §2 "/checkout/success"). */
export interface SuccessDetails {
  orderTotal: string | null;
  order_id: string | null;
  subscription_id: string | null;
  transactionID: string | null;
  plan: string | null;
  date: string | null;
  currency: string;
}

/** The success page's URL for a purchase answer: orderTotal, order_id, subscription_id, transactionID, plan, date, currency. */
export function successUrl(result: PurchaseResult, planName: string | null): string {
  const query = new URLSearchParams();
  const put = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  };
  put('orderTotal', result.orderTotal);
  put('order_id', result.order_id);
  put('subscription_id', result.subscription_id);
  put('transactionID', result.transaction_id);
  put('plan', result.plan ?? planName);
  put('date', result.date ?? new Date().toISOString());
  put('currency', result.currency ?? 'USD');
  return `/checkout/success?${query.toString()}`;
}

/** The details the query carries (currency USD by default). */
export function readSuccessDetails(query: URLSearchParams): SuccessDetails {
  const get = (key: string) => query.get(key)?.trim() || null;
  return {
    orderTotal: get('orderTotal'),
    order_id: get('order_id'),
    subscription_id: get('subscription_id'),
    transactionID: get('transactionID'),
    plan: get('plan'),
    date: get('date'),
    currency: get('currency') ?? 'USD',
  };
}
