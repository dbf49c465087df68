-- The hosted checkout link of a subscription billing provider (issue 29; document 2 §7): one more payment method of
-- the main brand's checkout, `hosted_checkout` (providers/hostedCheckout.ts), after the redirect providers. The other
-- applications keep card only; an application offers it by adding the value to its payment_methods.
update billing_purchase_options
set payment_methods = payment_methods || '["hosted_checkout"]'::jsonb
where application_id = 'fable' and not (payment_methods @> '["hosted_checkout"]'::jsonb);
