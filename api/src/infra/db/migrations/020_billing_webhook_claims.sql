-- Webhook deliveries of one event at once (issue 15, exactly once): a provider may deliver the same event twice at
-- the same moment (a retry racing the first attempt). The delivery that applies an event claims its row until
-- claimed_until; a copy arriving meanwhile is acknowledged without running the handler. A claim left by a process that
-- died is taken again once claimed_until has passed (the provider retries the failed delivery).
alter table payment_webhook_events add column claimed_until timestamptz;
