-- saving_leg_refusal_detail: the live definition (docs/contributing.md "SQL functions").
--
-- The parameters of a savings leg's refusal (saving_leg_refusal's codes), as modules/money/refusals.ts takes them
-- (saving_move, loan_pay_decide). LANGUAGE sql, no SET: inlined into the callers' queries.
CREATE OR REPLACE FUNCTION saving_leg_refusal_detail(p_refusal text, a_member_name text, a_cif_number text, a_account_number text,
                                                     a_product_name text, a_balance numeric, a_equity_amount numeric,
                                                     a_min_balance numeric, a_block_amount numeric, a_blocked_amount numeric,
                                                     a_pledged_amount numeric)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE
    WHEN p_refusal = 'MEMBER_INACTIVE' THEN jsonb_build_object('name', a_member_name, 'cif', a_cif_number)
    WHEN p_refusal IN ('MEMBER_NOT_APPROVED', 'PRINCIPAL_ALREADY_PAID') THEN jsonb_build_object('name', a_member_name)
    WHEN p_refusal IN ('ACCOUNT_PENDING', 'ACCOUNT_REJECTED', 'ACCOUNT_CLOSED', 'SAVING_NOT_MEMBER', 'SAVING_NOT_VOLUNTARY')
      THEN jsonb_build_object('number', a_account_number)
    WHEN p_refusal IN ('PRODUCT_GL_MISSING', 'EQUITY_NOT_WITHDRAWABLE') THEN jsonb_build_object('product', a_product_name)
    WHEN p_refusal = 'PRINCIPAL_OVERPAID' THEN jsonb_build_object('amount', a_equity_amount, 'remaining', a_equity_amount - a_balance)
    WHEN p_refusal = 'INSUFFICIENT_BALANCE' THEN
      jsonb_build_object('number', a_account_number, 'balance', a_balance,
                         'available', greatest(a_balance - (a_min_balance + a_block_amount + a_blocked_amount + a_pledged_amount), 0),
                         'minBalance', a_min_balance + a_block_amount, 'held', a_blocked_amount + a_pledged_amount)
    WHEN p_refusal IS NOT NULL THEN '{}'::jsonb
  END
$function$;
REVOKE ALL ON FUNCTION saving_leg_refusal_detail(text, text, text, text, text, numeric, numeric, numeric, numeric, numeric, numeric) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION saving_leg_refusal_detail(text, text, text, text, text, numeric, numeric, numeric, numeric, numeric, numeric)
  TO koperasi_app;
