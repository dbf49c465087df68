-- Context per tier has one list: the permissions (@fable/contracts' TIER_CONTEXT_TOKENS: free 4K, True Supporter 8K,
-- I'm All In 16K, document 1 §1). The plans no longer name a context of their own (document 2 §1's "4K context" and
-- "an 8K context model (beta)" said otherwise); the pages add the tier's context line from that list.
update billing_plans
set features = features - '4K context' - 'an 8K context model (beta)'
where features ? '4K context' or features ? 'an 8K context model (beta)';
