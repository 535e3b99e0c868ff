-- saving_net: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- What a savings movement does to its account's balance: TOPUP and TOPUP_INTEREST add their amount, WITHDRAW and
-- WITHDRAW_TAX take it (member_transaction.kind). The one place of that rule for SQL that sums movements: the balance at
-- a day (the account's balance less the nets dated after it: the interest basis, the balance reports), the product
-- report's month, the SHU's average balances. An IMMUTABLE one-expression SQL function: the planner inlines it.
CREATE OR REPLACE FUNCTION saving_net(p_kind text, p_amount numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT CASE WHEN p_kind IN ('TOPUP', 'TOPUP_INTEREST') THEN p_amount ELSE -p_amount END $function$;
