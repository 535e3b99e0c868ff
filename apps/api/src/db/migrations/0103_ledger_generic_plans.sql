-- The ledger functions run the same small statements on every call; PL/pgSQL
-- otherwise re-plans them with custom plans each time (their parameters are
-- arrays and record fields), which cost more than running them. Generic
-- plans, planned once per connection, halve the time of a posting.
ALTER FUNCTION ledger_post(jsonb) SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION journal_check_balanced() SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION ledger_lock_years(integer[]) SET plan_cache_mode = force_generic_plan;
