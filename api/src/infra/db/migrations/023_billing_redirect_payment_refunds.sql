-- A redirect payment refunded (issue 15): billing_redirect_payments.status 'refunded', set with the order's refund
-- (order.refunded, in the same transaction), so the session's row no longer reads completed once its money is back.
-- refunded_at: when the refund was recorded (finished_at stays the provider's word on the session's end).
alter table billing_redirect_payments drop constraint billing_redirect_payments_status_check;
alter table billing_redirect_payments add constraint billing_redirect_payments_status_check
  check (status in ('open', 'completed', 'canceled', 'refunded'));
alter table billing_redirect_payments add column refunded_at timestamptz;
