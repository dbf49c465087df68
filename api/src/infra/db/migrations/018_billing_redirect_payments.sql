-- Redirect providers (issue 15; document 2 §4 "Alternative provider flow", §7 POST checkout/{provider}_new_payment):
-- the provider's payment session of an order, and the order status 'canceled' (the member cancelled on the
-- provider's page; the contract's CheckoutOrder status).

alter table billing_orders drop constraint billing_orders_status_check;
alter table billing_orders add constraint billing_orders_status_check
  check (status in ('pending', 'requires_action', 'succeeded', 'failed', 'refunded', 'canceled'));

-- One provider session per order (the provider's idempotency key is the order's, so a retry gets the same session).
-- payment_method: the purchase options' value (volt, inwizo_sbp, payssion, …); provider: the provider's page
-- (volt, inwizo_sbp, payssion_gcash, …). status follows the provider's events.
create table billing_redirect_payments (
  order_id uuid primary key references billing_orders (id),
  payment_method text not null,
  provider text not null,
  session_id text not null unique,
  url text not null,
  status text not null check (status in ('open', 'completed', 'canceled')),
  created_at timestamptz not null,
  finished_at timestamptz
);
